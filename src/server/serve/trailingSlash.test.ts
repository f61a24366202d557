import { describe, expect, it } from 'vitest';
import { withoutTrailingSlash } from './trailingSlash';

describe('withoutTrailingSlash', () => {
  it('drops the trailing slash and keeps the query', () => {
    expect(withoutTrailingSlash('/terms/')).toBe('/terms');
    expect(withoutTrailingSlash('/en/')).toBe('/en');
    expect(withoutTrailingSlash('/market/?page=2&sort=price_asc')).toBe('/market?page=2&sort=price_asc');
    expect(withoutTrailingSlash('/a//')).toBe('/a');
  });

  it('leaves the root and paths without a trailing slash alone', () => {
    expect(withoutTrailingSlash('/')).toBeNull();
    expect(withoutTrailingSlash('/?q=1')).toBeNull();
    expect(withoutTrailingSlash('/market')).toBeNull();
    expect(withoutTrailingSlash('/search?q=a/')).toBeNull();
  });

  it('never answers a protocol-relative location', () => {
    expect(withoutTrailingSlash('//evil.example/')).toBe('/evil.example');
    expect(withoutTrailingSlash('///evil.example/x/')).toBe('/evil.example/x');
  });
});
