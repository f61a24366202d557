/**
 * The public catalogue pages as a visitor without JavaScript sees them, on the seeded demo data: home,
 * the marketplace (tabs, filters and sort through the GET form, page links), collections, creators,
 * rankings and search, in both languages. Axe runs on them in page-kinds.test.ts (each kind at 390 px) and
 * a11y.test.ts (the wide layout).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SHARED_CACHE_CONTROL } from '../../src/server/cache/cachePage.ts';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { pageUrl } from '../helpers/e2e.ts';

/** The first demo creator (anvil account 0): Mio Sakurai, of "Night Sakura Fantasia". */
const MIO = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const DEMO_CARDS = 120;
const DEMO_COLLECTIONS = 12;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens `path` with JavaScript off, as a crawler or a no-JS visitor. */
async function open(path: string, locale = 'en-US') {
  const tab = await newPage(browser, { locale, javaScriptEnabled: false });
  const response = await tab.page.goto(pageUrl(path));
  return { ...tab, response };
}

/** The number in "Matching cards: N" / "該当するカード：N件". */
async function cardCount(page: Page): Promise<number> {
  return Number(await page.locator('[data-card-results]').getAttribute('data-total'));
}

const tileNames = (page: Page, grid = '[data-card-grid]') => page.locator(`${grid} h3`).allTextContents();

describe('home', () => {
  test('shows featured and new cards, trending collections and top creators in English and Japanese', async () => {
    const en = await open('/en');
    expect(en.response?.status()).toBe(200);
    expect(en.response?.headers()['cache-control']).toBe(SHARED_CACHE_CONTROL);
    const featured = en.page.getByRole('list', { name: 'Featured cards' });
    expect(await featured.getByRole('listitem').count()).toBe(8);
    // Featured cards are listed ones: each tile shows a price, none says "Not listed".
    expect(await featured.getByText('Not listed').count()).toBe(0);
    expect(await en.page.getByRole('list', { name: 'New cards' }).getByRole('listitem').count()).toBe(8);
    expect(
      await en.page.getByRole('list', { name: 'Trending collections' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);
    expect(await en.page.getByRole('list', { name: 'Top creators' }).textContent()).toContain('Mio Sakurai');
    expect(await en.page.getByRole('link', { name: 'Browse the market' }).getAttribute('href')).toBe(
      '/en/browse-category',
    );
    await en.close();

    const ja = await open('/', 'ja-JP');
    expect(await ja.page.getByRole('list', { name: '人気のクリエイター' }).textContent()).toContain('桜井ミオ');
    expect(await ja.page.getByRole('list', { name: '新着カード' }).getByRole('listitem').count()).toBe(8);
    await ja.close();
  });
});

describe('marketplace', () => {
  test('the collections tab lists the collections, and the NFTs tab the cards', async () => {
    const { page, close } = await open('/en/browse-category');
    expect(await page.locator('[data-category-grid] > li').count()).toBe(DEMO_COLLECTIONS);
    const tabs = page.getByRole('navigation', { name: 'Switch view' });
    expect(await tabs.getByRole('link', { name: 'Collections', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    await Promise.all([page.waitForURL(/tab=NFTs/), tabs.getByRole('link', { name: 'Cards', exact: true }).click()]);
    expect(await cardCount(page)).toBe(DEMO_CARDS);
    expect(await tabs.getByRole('link', { name: 'Cards', exact: true }).getAttribute('aria-current')).toBe('page');
    // Filtering keeps the tab.
    await page.getByLabel('Listing status', { exact: true }).selectOption('listed');
    await Promise.all([page.waitForURL(/status=listed/), page.getByRole('button', { name: 'Show results' }).click()]);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('NFTs');
    expect(await cardCount(page)).toBeLessThan(DEMO_CARDS);
    await close();
  });

  test('filters and sort submit through the URL, a shared link shows the same list, and clear resets it', async () => {
    const { page, close } = await open('/en/market');
    expect(await cardCount(page)).toBe(DEMO_CARDS);
    await page.getByLabel('Chain', { exact: true }).selectOption({ label: 'Polygon' });
    await page.getByLabel('Currency', { exact: true }).selectOption({ label: 'POL' });
    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Price: low to high' });
    await Promise.all([page.waitForURL(/sort=price_asc/), page.getByRole('button', { name: 'Show results' }).click()]);
    const url = new URL(page.url());
    expect(url.searchParams.get('chain_id')).toBe('137');
    expect(url.searchParams.get('currency_code')).toBe('6');
    const total = await cardCount(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(DEMO_CARDS);
    const prices = (
      await page
        .locator('[data-card-grid] [data-listing-price] [data-price]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-price') ?? ''))
    ).map((wei) => BigInt(wei));
    expect(prices.length).toBe(Math.min(total, 24));
    expect(prices).toEqual([...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(
      await page
        .locator('[data-card-grid] [data-listing-price] [data-currency]')
        .evaluateAll((nodes) => [...new Set(nodes.map((node) => node.getAttribute('data-currency')))]),
    ).toEqual(['POL']);

    const shared = await open(`${url.pathname}${url.search}`);
    expect(await tileNames(shared.page)).toEqual(await tileNames(page));
    expect(await shared.page.getByLabel('Sort by', { exact: true }).inputValue()).toBe('price_asc');
    await shared.close();

    await Promise.all([
      page.waitForURL((u) => u.search === ''),
      page.getByRole('link', { name: 'Clear filters' }).click(),
    ]);
    expect(await cardCount(page)).toBe(DEMO_CARDS);
    await close();
  });

  test('a price range narrows the list to listed cards in that range', async () => {
    const { page, close } = await open('/en/market');
    await page.getByLabel('Currency', { exact: true }).selectOption({ label: 'ETH' });
    await page.getByLabel('Minimum price', { exact: true }).fill('0.1');
    await page.getByLabel('Maximum price', { exact: true }).fill('0.3');
    await Promise.all([page.waitForURL(/price_min=0\.1/), page.getByRole('button', { name: 'Show results' }).click()]);
    const prices = await page
      .locator('[data-card-grid] [data-listing-price] [data-price]')
      .evaluateAll((nodes) => nodes.map((node) => BigInt(node.getAttribute('data-price') ?? '0')));
    expect(prices.length).toBeGreaterThan(0);
    for (const wei of prices) {
      expect(wei >= 10n ** 17n && wei <= 3n * 10n ** 17n).toBe(true);
    }
    await close();
  });

  test('page links work without JavaScript and keep the filters', async () => {
    const { page, close } = await open('/en/market?sort=most_viewed');
    const first = await tileNames(page);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await Promise.all([page.waitForURL(/page=2/), pager.getByRole('link', { name: 'Next' }).click()]);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('most_viewed');
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe('2');
    const second = await tileNames(page);
    expect(second).toHaveLength(24);
    expect(second).not.toEqual(first);
    await close();
  });

  test('a refused filter in a shared link is ignored with a note instead of failing the page', async () => {
    const { page, response, close } = await open('/en/market?category_id=abc&sort=newest');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('status').filter({ hasText: 'were not valid' }).count()).toBe(1);
    expect(await cardCount(page)).toBe(DEMO_CARDS);
    await close();
  });
});

describe('collections and creators', () => {
  test("rarity is a sort within a collection: offered on its page (rarest first), not on the whole market's", async () => {
    const text = async (path: string) => (await fetch(pageUrl(path))).text();
    expect(await text('/en/market')).not.toContain('<option value="rarity"');
    const collection = await text('/en/collection/1?sort=rarity&per_page=12');
    expect(collection).toMatch(/<option value="rarity" selected/);
    const ranks = [...collection.matchAll(/data-rarity-rank="(\d+)"/g)].map((match) => Number(match[1]));
    expect(ranks.length).toBeGreaterThan(1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Asked of the whole market, the order is ignored with a note rather than sorting every card.
    expect(await text('/en/market?sort=rarity')).toContain('data-card-filters');
  });

  test('a collection page shows its header and its cards in both languages', async () => {
    const en = await open('/en/collection');
    const first = en.page.locator('[data-category-grid] a').first();
    const href = (await first.getAttribute('href')) ?? '';
    await Promise.all([en.page.waitForURL(/\/en\/collection\/\d+$/), first.click()]);
    const header = en.page.locator('[data-collection-header]');
    expect(await header.getByRole('heading', { level: 1 }).textContent()).not.toBe('');
    expect(await header.textContent()).toMatch(/Cards\s*10/);
    expect(await cardCount(en.page)).toBe(10);
    await en.close();

    const ja = await open(href.replace(/^\/en/, ''), 'ja-JP');
    expect(await ja.page.locator('[data-collection-header]').textContent()).toMatch(/カード枚数\s*10/);
    await ja.close();
  });

  test('the creator list links to a creator page with their collections and cards', async () => {
    const { page, close } = await open('/en/creator?sort=name');
    await Promise.all([
      page.waitForURL(new RegExp(`/en/creator/${MIO}$`)),
      page.getByRole('link', { name: /Mio Sakurai/ }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mio Sakurai');
    expect(await page.getByRole('list', { name: 'Collections' }).textContent()).toContain('Night Sakura Fantasia');
    expect(await cardCount(page)).toBeGreaterThanOrEqual(10);
    await close();
    const ja = await open(`/creator/${MIO}`, 'ja-JP');
    expect(await ja.page.getByRole('heading', { level: 1 }).textContent()).toBe('桜井ミオ');
    await ja.close();
  });
});

describe('rankings and search', () => {
  test('the rankings form changes the period through the URL', async () => {
    const { page, close } = await open('/en/rankings');
    await page.getByLabel('Period', { exact: true }).selectOption('all');
    await Promise.all([page.waitForURL(/period=all/), page.getByRole('button', { name: 'Show', exact: true }).click()]);
    const rows = page.locator('[data-ranking="categories"] tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.first().locator('td').first().textContent()).toBe('1');
    expect(await page.locator('[data-ranking="creators"] tbody tr').count()).toBeGreaterThan(0);
    // By volume in yen: the rows' yen totals fall (the demo's stand-in rates are fresh).
    await page.getByLabel('Rank by').selectOption('volume');
    await Promise.all([
      page.waitForURL(/sort=volume/),
      page.getByRole('button', { name: 'Show', exact: true }).click(),
    ]);
    const yen = await page
      .locator('[data-ranking="categories"] [data-jpy-volume]')
      .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-jpy-volume'))));
    expect(yen.length).toBeGreaterThan(0);
    expect([...yen].sort((a, b) => b - a)).toEqual(yen);
    expect(await page.getByText('Ranked by volume in yen at current rates.').count()).toBe(1);
    await close();
    // Floor change in Japanese: its column, or the empty state that says why.
    const ja = await open('/rankings?sort=floor_change&period=all', 'ja-JP');
    const table = ja.page.locator('[data-ranking="categories"]');
    const text =
      (await table.count()) > 0
        ? await table.locator('thead').textContent()
        : await ja.page.locator('main').textContent();
    expect(text).toMatch(/フロア価格の変動|期間の初めに記録したフロア価格のあるコレクションはまだありません/);
    await ja.close();
  });

  test('search finds collections, creators and cards in both languages', async () => {
    const en = await open('/en/search/Night');
    expect(await en.page.getByRole('list', { name: 'Collections' }).textContent()).toContain('Night Sakura Fantasia');
    await en.close();
    const ja = await open(`/search/${encodeURIComponent('夜桜')}`, 'ja-JP');
    expect(await ja.page.getByRole('list', { name: 'コレクション' }).textContent()).toContain('夜桜幻想譚');
    expect(await cardCount(ja.page)).toBeGreaterThan(0);
    await ja.close();
  });
});
