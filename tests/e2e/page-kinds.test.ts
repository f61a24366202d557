/**
 * What a visitor, a creator and an admin meet first, on the demo data, in one pass over every kind of page:
 * at 390 px nothing scrolls sideways (and the header's menu button stays on screen), in both languages, and
 * axe finds nothing serious (each kind once, the languages taking turns, to keep the run short); the header,
 * its phone menu and the footer lead to the catalogue's sections; the English grids name cards in English;
 * the sale-type filter finds the demo's auctions and declining-price listings; a visitor who is not signed
 * in is offered the act they came for on a token page, and it opens the connect modal.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN, DEMO_ILLUSTRATOR } from '../../src/dev/seed/accounts.ts';
import type { CardSummary } from '../../src/features/catalogue/types.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from '../helpers/browser.ts';
import { baseUrl, pageUrl } from '../helpers/e2e.ts';
import { signInAdmin, signInIllustrator } from '../helpers/pageActions.ts';

let browser: Browser;
let auction: CardSummary;
let declining: CardSummary;
let fixed: CardSummary;
let unlisted: CardSummary;

async function cards(query: string): Promise<CardSummary[]> {
  return ((await (await fetch(pageUrl(`/api/v1/cards?${query}`))).json()) as { items: CardSummary[] }).items;
}
const tokenPath = (card: CardSummary) => `/tokens/${card.chainId}/${card.contractAddress}/${card.tokenId}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const [auctions, declinings, listed, all] = await Promise.all([
    cards('sale_type=auction&per_page=10'),
    cards('sale_type=declining&per_page=10'),
    cards('sale_type=fixed&sort=most_viewed&per_page=10'),
    cards('per_page=100'),
  ]);
  const found = {
    auction: auctions[0],
    declining: declinings[0],
    fixed: listed.find((card) => card.listing?.unbuyableReason === null),
    unlisted: all.find((card) => card.listing === null),
  };
  if (!found.auction || !found.declining || !found.fixed || !found.unlisted) throw new Error('demo data missing');
  ({ auction, declining, fixed, unlisted } = found as Record<keyof typeof found, CardSummary>);
});
afterAll(async () => {
  await browser?.close();
});

/** Pixels the page scrolls sideways (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Visits `paths` at 390 px in both languages: no sideways scrolling, axe clean on each kind once. */
async function checkKinds(page: Page, paths: string[]): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [index, path] of paths.entries()) {
    for (const lang of ['ja', 'en'] as const) {
      const url = lang === 'en' ? (path === '/' ? '/en' : `/en${path}`) : path;
      await page.goto(pageUrl(url));
      expect(await overflow(page), `${url} scrolls sideways at 390 px`).toBe(0);
      // Axe on each kind once; the languages take turns.
      if ((index % 2 === 0) === (lang === 'ja')) await expectNoSeriousA11yViolations(page);
    }
  }
}

describe('every kind of page at 390 px', () => {
  test('public pages: nothing scrolls sideways, the menu button stays on screen, axe finds nothing serious', async () => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP' });
    await checkKinds(page, [
      '/',
      '/market?per_page=8',
      '/rankings?period=all',
      `/collection/${fixed.category?.id}?per_page=8`,
      '/collection',
      `/creator/${fixed.creator?.walletAddress}?per_page=8`,
      '/creator',
      `/profile-creators/${fixed.creator?.id}`,
      `/user/${fixed.owner}`,
      tokenPath(fixed),
      tokenPath(auction),
      tokenPath(declining),
      '/search/sakura?per_page=8',
      '/cart',
      '/transaction-act',
      '/developers',
      '/no-such-page',
    ]);
    await page.goto(pageUrl(tokenPath(fixed)));
    const toggle = await page.locator('[data-mobile-menu-toggle]').boundingBox();
    expect((toggle?.x ?? 0) + (toggle?.width ?? 0)).toBeLessThanOrEqual(390);
    await close();
  }, 240_000);

  test("a creator's dashboard and the back office fit a phone too", async () => {
    const creator = await newPage(browser, { locale: 'ja-JP' });
    await signInIllustrator(creator.page, baseUrl(), DEMO_ILLUSTRATOR.uid, DEMO_ILLUSTRATOR.password);
    await checkKinds(creator.page, ['/dashboard', '/dashboard/revenues', '/dashboard/payouts', '/card_issue']);
    await creator.close();
    const admin = await newPage(browser, { locale: 'ja-JP' });
    await signInAdmin(admin.page, baseUrl(), DEMO_ADMIN.uid, DEMO_ADMIN.password);
    await admin.page.setViewportSize({ width: 390, height: 844 });
    for (const [index, path] of [
      '/admins',
      '/admins/users',
      '/admins/payouts',
      '/admins/card_serials?tab=reports',
    ].entries()) {
      await admin.page.goto(pageUrl(index % 2 ? `/en${path}` : path));
      await admin.page.locator('[data-admin-ready]').waitFor();
      await admin.page.locator('table tbody tr').first().waitFor();
      expect(await overflow(admin.page), path).toBe(0);
      // The menu sits above the content: the content has the screen's width, not 390 - 256 px.
      const main = await admin.page.locator('main').boundingBox();
      expect(main?.width ?? 0, path).toBeGreaterThan(350);
      await expectNoSeriousA11yViolations(admin.page);
    }
    await admin.close();
  }, 180_000);
});

describe("finding one's way", () => {
  const sections = [
    ['マーケット', '/market'],
    ['ランキング', '/rankings'],
    ['コレクション', '/collection'],
    ['クリエイター', '/creator'],
  ] as const;

  test('the header, the phone menu and the footer lead to the market, rankings, collections and creators', async () => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(pageUrl('/'));
    const header = page.getByRole('navigation', { name: 'メインナビゲーション' });
    const footer = page.locator('footer');
    for (const [name, href] of sections) {
      expect(await header.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(pageUrl('/en/rankings'));
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await menu.getByRole('link', { name: 'Rankings', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'Creators', exact: true }).getAttribute('href')).toBe('/en/creator');
    // The menu closes with its own button, and with Escape, giving focus back to the menu button.
    await menu.getByRole('button', { name: 'Close menu' }).click();
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-mobile-menu-toggle'))).toBe(true);
    await close();
  });

  test('English grids name the cards in English, Japanese grids in Japanese, and each tile names its chain', async () => {
    const named = (await cards('per_page=24')).filter((card) => card.nameEn);
    expect(named.length).toBeGreaterThan(0);
    const { page, close } = await newPage(browser, { locale: 'en-US', javaScriptEnabled: false });
    for (const [path, expected] of [
      ['/en/market', named.map((card) => card.nameEn)],
      ['/market', named.map((card) => card.name)],
    ] as const) {
      await page.goto(pageUrl(path));
      const shown = await page.locator('[data-card-grid] [data-card-name]').allTextContents();
      expect(shown, path).toEqual(expected.slice(0, shown.length));
    }
    expect(await page.locator('[data-card-grid] [data-card-chain]').first().textContent()).toMatch(
      /Ethereum|BNB Chain|Kaia|Polygon/,
    );
    await close();
  });

  test.each([
    ['auction', 'Timed auction'],
    ['declining', 'Declining price'],
  ] as const)('the sale-type filter finds the %s listings of every chain', async (type, label) => {
    const { page, close } = await newPage(browser, { locale: 'en-US', javaScriptEnabled: false });
    await page.goto(pageUrl('/en/market'));
    await page.getByLabel('Sale type', { exact: true }).selectOption(type);
    await Promise.all([
      page.waitForURL(new RegExp(`sale_type=${type}`)),
      page.getByRole('button', { name: 'Show results' }).click(),
    ]);
    expect(await page.getByLabel('Sale type', { exact: true }).inputValue()).toBe(type);
    const tiles = page.locator('[data-card-grid] > li');
    expect(await tiles.count()).toBeGreaterThanOrEqual(4);
    expect(await page.locator(`[data-card-grid] [data-sale-type="${type}"]`).count()).toBe(await tiles.count());
    expect(await page.locator('[data-card-grid] [data-sale-type]').first().textContent()).toBe(label);
    const chains = await page
      .locator('[data-card-grid] [data-card-chain]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-card-chain')));
    expect(new Set(chains)).toEqual(new Set(['1', '56', '8217', '137']));
    await close();
  });
});

describe('a visitor who is not signed in', () => {
  test.each([
    ['a fixed-price listing', 'Buy now', () => fixed],
    ['a timed auction', 'Place a bid', () => auction],
    ['a card that is not listed', 'Make offer', () => unlisted],
  ] as const)('on %s is offered "%s", which opens the connect modal', async (_kind, action, card) => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    await page.goto(pageUrl(`/en${tokenPath(card())}`));
    const link = page.getByRole('link', { name: action, exact: true });
    expect(await link.getAttribute('href')).toBe('/en/connect-wallet');
    await link.click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Connect a wallet' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/en${tokenPath(card())}`);
    await close();
  });
});
