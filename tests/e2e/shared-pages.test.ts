/**
 * One HTML for everyone: catalogue pages are the same bytes for a signed-in visitor and an anonymous one, and
 * what is personal comes after load in the browser: the account area, the owner's controls ("Sell this card"
 * on your own card, "Buy now" on someone else's listing, "My items"), the chosen chain (from `?chain_id=` or
 * its cookie) and a message carried to the next page (the guard's alert, shown once).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANVIL_ACCOUNTS } from '../../src/dev/seed/accounts.ts';
import type { CardSummary } from '../../src/features/catalogue/types.ts';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { pageUrl } from '../helpers/e2e.ts';
import { hydrated, signInWithWallet } from '../helpers/pageActions.ts';
import { anvilKey } from '../helpers/testWallet.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const tokenPath = (card: CardSummary) => `/en/tokens/${card.chainId}/${card.contractAddress}/${card.tokenId}`;
const indexOf = (address: string) => ANVIL_ACCOUNTS.findIndex((a) => a.toLowerCase() === address.toLowerCase());

/** The page's HTML as fetched with `cookie` (none: anonymous), in plain encoding. */
async function html(path: string, cookie?: string): Promise<string> {
  const response = await fetch(pageUrl(path), {
    headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
  });
  expect(response.status, path).toBe(200);
  expect(response.headers.get('set-cookie'), path).toBeNull();
  // A declining-price listing asks a little less every second: its amount (and the ≈ yen beside it) is not
  // part of the comparison.
  return (await response.text()).replace(
    /<span data-price="\d+" data-currency="\w+">[^<]*(?:<span[^>]*>[^<]*<\/span>)?<\/span>/g,
    '<span data-price>',
  );
}

describe('the same page for every visitor', () => {
  test('a signed-in collector gets the bytes an anonymous visitor gets; the right controls show after load', async () => {
    const { items } = (await (await fetch(pageUrl('/api/v1/cards?chain_id=1&per_page=100'))).json()) as {
      items: CardSummary[];
    };
    const own = items.find((card) => card.listing === null && indexOf(card.owner) >= 1);
    if (!own) throw new Error('the demo data has no unlisted card of an anvil account');
    const owner = indexOf(own.owner);
    const othersListing = items.find(
      (card) => card.listing?.saleType === 'fixed' && !card.listing.unbuyableReason && indexOf(card.owner) !== owner,
    );
    if (!othersListing) throw new Error('the demo data has no buyable listing of another account');

    const { page, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithWallet(page, pageUrl('/').replace(/\/$/, ''), { key: anvilKey(owner) });
    const cookie = (await page.context().cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    expect(cookie).toMatch(/demo_auth=/);

    for (const path of [
      '/en',
      '/en/market',
      '/en/market?status=listed&sort=price_asc',
      '/en/rankings',
      tokenPath(own),
      `/en/user/${own.owner}`,
    ]) {
      expect(await html(path, cookie), path).toBe(await html(path));
    }

    await page.goto(pageUrl(tokenPath(own)));
    await hydrated(page, 'TradeActions');
    await expect.poll(() => page.getByRole('button', { name: 'Sell this card' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Buy now' }).count()).toBe(0);

    await page.goto(pageUrl(tokenPath(othersListing)));
    await hydrated(page, 'TradeActions');
    await expect.poll(() => page.getByRole('button', { name: 'Buy now' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sell this card' }).count()).toBe(0);

    await page.goto(pageUrl(`/en/user/${own.owner}`));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 })
      .toBe('My items');
    expect(await page.getByRole('link', { name: 'Edit Profile' }).first().isVisible()).toBe(true);
    await close();

    const anonymous = await newPage(browser, { locale: 'en-US' });
    await anonymous.page.goto(pageUrl(tokenPath(own)));
    // Nobody is signed in: the trading island does not even load (the page's text says how to trade).
    expect(await anonymous.page.locator('[data-trade-role]').getAttribute('data-trade-role')).toBe('none');
    expect(await anonymous.page.getByRole('button', { name: 'Sell this card' }).count()).toBe(0);
    await anonymous.page.goto(pageUrl(`/en/user/${own.owner}`));
    expect(await anonymous.page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Items of /);
    await anonymous.close();
  });
});

describe('the chosen chain', () => {
  test('?chain_id=56 chooses BNB Chain in the browser, which remembers it; the HTML names no chain', async () => {
    const plain = await html('/en');
    // The same page but for its own address in the language links.
    expect((await html('/en?chain_id=56')).replaceAll('?chain_id=56', '')).toBe(plain);
    expect(await html('/en', 'currentChain=POLYGON')).toBe(plain);
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    const label = () => page.locator('[data-chain-label]:visible').first().textContent();
    await page.goto(pageUrl('/en'));
    expect(await page.evaluate(() => document.documentElement.dataset['currentChain'])).toBe('ETH');
    expect((await label())?.trim()).toBe('Ethereum');
    await page.goto(pageUrl('/en?chain_id=56'));
    expect(await page.evaluate(() => document.documentElement.dataset['currentChain'])).toBe('BSC');
    expect((await label())?.trim()).toBe('BNB Chain');
    const cookies = await page.context().cookies();
    expect(cookies.find((entry) => entry.name === 'currentChain')?.value).toBe('BSC');
    // The home page shows the chosen chain's listings (and only those).
    expect(await page.getByRole('heading', { name: 'Listed on BNB Chain' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Listed on Ethereum' }).isVisible()).toBe(false);
    await page.goto(pageUrl('/en/market'));
    expect((await label())?.trim()).toBe('BNB Chain');
    // On the market, chain_id is the list's filter: it leaves the visitor's chain alone.
    await page.goto(pageUrl('/en/market?chain_id=137'));
    expect((await label())?.trim()).toBe('BNB Chain');
    expect((await page.context().cookies()).find((entry) => entry.name === 'currentChain')?.value).toBe('BSC');
    await page.context().addCookies([{ name: 'currentChain', value: 'POLYGON', url: pageUrl('/') }]);
    await page.goto(pageUrl('/en/rankings'));
    expect((await label())?.trim()).toBe('Polygon');
    await close();
  });
});

describe('a message carried to the next page', () => {
  test("a guard's alert shows once on the page the visitor is sent to, in the page's language", async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    await page.goto(pageUrl('/en/dashboard'));
    expect(new URL(page.url()).pathname).toBe('/en/session');
    const snackbar = page.locator('kf-snackbar button');
    await expect.poll(() => snackbar.textContent()).toBe('Please sign in to see this page.');
    expect((await page.context().cookies()).some((entry) => entry.name === 'flash')).toBe(false);
    await page.reload();
    expect(await snackbar.isVisible()).toBe(false);
    await page.goto(pageUrl('/admins/users'));
    await expect.poll(() => snackbar.textContent()).toBe('管理者としてログインしてください。');
    await close();
  });
});
