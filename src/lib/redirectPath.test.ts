import { describe, expect, it } from 'vitest';
import { sameSitePath } from './redirectPath';

describe('sameSitePath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(sameSitePath('/user/0xabc?tab=listed#top')).toBe('/user/0xabc?tab=listed#top');
    expect(sameSitePath('/en/market')).toBe('/en/market');
  });

  it('refuses other sites however they are spelled', () => {
    for (const value of [
      'https://evil.com',
      '//evil.com',
      '/\\evil.com',
      '/\\/evil.com',
      '\\\\evil.com',
      '/%0a/evil.com',
      ' /path',
      '/\t/evil.com',
      'javascript:alert(1)',
      'evil.com',
      '',
      null,
      undefined,
    ]) {
      const kept = sameSitePath(value);
      if (kept !== null) expect(new URL(kept, 'https://kirafuda.example').origin).toBe('https://kirafuda.example');
      if (value === '/%0a/evil.com') expect(kept).toBe('/%0a/evil.com');
      else expect(kept).toBeNull();
    }
  });
});
