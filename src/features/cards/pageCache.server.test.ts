import { describe, expect, test } from 'vitest';
import { PRIVATE_PAGE_CACHE, PUBLIC_PAGE_CACHE, pageCacheControl } from './pageCache.server';

const url = new URL('https://kirafuda.example/tokens/1/0x0000000000000000000000000000000000000001/1');
const cookies =
  (...names: string[]) =>
  (name: string) =>
    names.includes(name);

describe('pageCacheControl', () => {
  test('an anonymous visitor gets a page shared caches keep for 30 s and serve stale for 60 s', () => {
    expect(pageCacheControl({ hasCookie: cookies('i18n_redirected', 'currentChain'), url })).toBe(
      'public, s-maxage=30, stale-while-revalidate=60',
    );
  });

  test.each(['demo_auth', 'demo_auth_refresh', 'demo_admin_auth', 'demo_admin_auth_refresh', 'flash'])(
    'a request with the %s cookie is never shared',
    (name) => {
      expect(pageCacheControl({ hasCookie: cookies(name), url })).toBe(PRIVATE_PAGE_CACHE);
    },
  );

  test('?chain_id= (which sets the chain cookie) is never shared', () => {
    expect(pageCacheControl({ hasCookie: cookies(), url: new URL(`${url.href}?chain_id=56`) })).toBe(
      PRIVATE_PAGE_CACHE,
    );
  });

  test('a blank ?chain_id= (an untouched form field) sets nothing and may be shared', () => {
    expect(pageCacheControl({ hasCookie: cookies(), url: new URL(`${url.href}?chain_id=`) })).toBe(PUBLIC_PAGE_CACHE);
  });

  test('a page whose data failed to load is never shared', () => {
    expect(pageCacheControl({ hasCookie: cookies(), url, failed: true })).toBe(PRIVATE_PAGE_CACHE);
    expect(pageCacheControl({ hasCookie: cookies(), url, failed: false })).toBe(PUBLIC_PAGE_CACHE);
  });
});
