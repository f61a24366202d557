import { describe, expect, it } from 'vitest';
import { LAYOUT_NAMES, resolveLayout } from './types';

describe('resolveLayout', () => {
  it('keeps every layout of the spec', () => {
    for (const name of LAYOUT_NAMES) expect(resolveLayout(name)).toBe(name);
    expect(LAYOUT_NAMES).toEqual([
      'default',
      'newVersion',
      'dashboard',
      'admin',
      'adminSession',
      'userProfile',
      'admin_backup',
    ]);
  });

  it('falls back to default for an unknown or missing layout', () => {
    expect(resolveLayout('fancy')).toBe('default');
    expect(resolveLayout(undefined)).toBe('default');
  });
});
