/**
 * Every route of spec §2 answers in both locales inside its layout with a real heading; guarded
 * routes send anonymous visitors to sign-in with the guard's alert; unknown and invalid paths answer
 * the 404 page. Plain HTTP against the built server: these pages need no JavaScript.
 */
import { describe, expect, test } from 'vitest';
import { pageUrl } from '../helpers/e2e.ts';
import { enPath, INVALID_PATHS, ROUTES } from './routeTable.ts';

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(pageUrl(path), { redirect: 'manual', headers });
  return { response, html: await response.text() };
}

function heading(html: string): string {
  return (html.match(/<h1[^>]*>([^<]+)</)?.[1] ?? '').trim();
}

const open = ROUTES.filter((route) => !route.anonymousRedirect);
const guarded = ROUTES.filter((route) => route.anonymousRedirect);

describe('public routes answer in both locales inside their layout', () => {
  test.each(
    open.flatMap((route) => [
      { ...route, url: route.path, lang: 'ja' },
      { ...route, url: enPath(route.path), lang: 'en' },
    ]),
  )('$url renders in the $layout layout ($lang)', async ({ url, layout, lang }) => {
    const { response, html } = await get(url);
    expect(response.status).toBe(200);
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(`data-layout="${layout}"`);
    expect(heading(html).length).toBeGreaterThan(0);
  });

  test('the Japanese and English pages have different headings', async () => {
    const ja = heading((await get('/rankings')).html);
    const en = heading((await get('/en/rankings')).html);
    expect(ja).toBe('ランキング');
    expect(en).toBe('Rankings');
  });
});

describe('guarded routes turn anonymous visitors away with the guard alert', () => {
  test.each(
    guarded.flatMap((route) => [
      { ...route, url: route.path, target: route.anonymousRedirect },
      { ...route, url: enPath(route.path), target: enPath(route.anonymousRedirect ?? '') },
    ]),
  )('$url redirects to $target', async ({ url, target }) => {
    const { response } = await get(url);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '', pageUrl('/')).pathname).toBe(target);
    expect(response.headers.get('set-cookie') ?? '').toMatch(/flash=alert/);
  });
});

describe('unknown and invalid paths', () => {
  const english = ['/en/no-such-page', '/en/tokens/1/2/3/4', ...INVALID_PATHS.map(enPath)];
  test.each(english)("%s answers the spec's 404 page in English", async (url) => {
    const { response, html } = await get(url);
    expect(response.status).toBe(404);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>This page could not be found</title>');
    expect(html).toContain('Something&#39;s missing.');
    expect(html).toContain('Sorry, we can&#39;t find that page. You&#39;ll find lots to explore on the home page.');
    expect(html).toMatch(/<a[^>]+href="\/en"[^>]*>Back to Homepage<\/a>/);
  });

  test.each(['/no-such-page', '/tokens/1/2/3/4', ...INVALID_PATHS])(
    '%s answers the 404 page in Japanese (title, heading, text and button)',
    async (url) => {
      const { response, html } = await get(url);
      expect(response.status).toBe(404);
      expect(html).toContain('<html lang="ja"');
      expect(html).toContain('<title>ページが見つかりません</title>');
      expect(html).toContain('お探しのページが見つかりません。');
      expect(html).toMatch(/<a[^>]+href="\/"[^>]*>ホームへ戻る<\/a>/);
      expect(html).not.toMatch(/Something|Back to Homepage|could not be found/);
    },
  );
});

describe('search without JavaScript', () => {
  test('the search form redirects to /search/{keyword} in the same locale', async () => {
    const { response } = await get('/en/search?keyword=blue%20dragon');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/en/search/blue%20dragon');
  });
});

describe('a card list asked by a page number past the numbered pages', () => {
  // 24 cards a page: page 42 is the last a number reaches (the first 1,000 cards skipped at most).
  test.each([
    ['/market?sort=price_asc&page=60', '/market?sort=price_asc&page=42', 'ja'],
    ['/en/market?sort=price_asc&page=60', '/en/market?sort=price_asc&page=42', 'en'],
    ['/en/tokens/137?page=43', '/en/tokens/137?page=42', 'en'],
    ['/browse-category?tab=NFTs&page=1000', '/browse-category?tab=NFTs&page=42', 'ja'],
    ['/nfts?sort=most_viewed&page=99', '/nfts?sort=most_viewed&page=42', 'ja'],
    ['/en/search/dragon?page=50', '/en/search/dragon?page=42', 'en'],
  ])('%s is refused at once (404), linking the last numbered page', async (url, last, lang) => {
    const { response, html } = await get(url);
    expect(response.status).toBe(404);
    expect(html).toContain(`<html lang="${lang}"`);
    const page = new URL(url, 'http://x').searchParams.get('page');
    expect(html).toContain(lang === 'en' ? `Page ${page} is not numbered.` : `${page} ページ目は番号では開けません。`);
    expect(html).toContain(`href="${last.replaceAll('&', '&amp;')}"`);
    expect((await get(last)).response.status).toBe(200);
  });
});
