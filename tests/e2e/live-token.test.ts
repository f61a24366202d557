/**
 * A sale made outside the site: a script fills the card's Seaport order on chain with OpenSea's own SDK
 * (`@opensea/seaport-js` over ethers), as any other marketplace or bot could. The token page a visitor has open
 * follows it without a reload (Server-Sent Events: the new owner, "not listed", the sale in the activity), and a
 * fresh load shows it within 5 s of the transaction.
 */
import { Seaport } from '@opensea/seaport-js';
import { JsonRpcProvider, Wallet } from 'ethers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANVIL_ACCOUNTS } from '../../src/dev/seed/accounts.ts';
import type { CardDetail, CardSummary } from '../../src/features/catalogue/types.ts';
import { CurrencyCode } from '../../src/features/chains/currencies.ts';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { type ChainApp, startChainApp } from '../helpers/chainApp.ts';
import { anvilKey } from '../helpers/testWallet.ts';

let app: ChainApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startChainApp(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const get = async <T>(path: string): Promise<T> => (await (await fetch(`${app.url}${path}`)).json()) as T;

describe('a sale made outside the site', () => {
  test('shows on the open token page without a reload, and on a fresh load within 5 s', async () => {
    const { items } = await get<{ items: CardSummary[] }>('/api/v1/cards?chain_id=1&status=listed&per_page=100');
    const card = items.find((item) => item.listing?.currencyCode === CurrencyCode.ETH && !item.listing.unbuyableReason);
    if (!card) throw new Error('the demo catalogue has no buyable Ethereum card listed in ETH');
    const detail = await get<CardDetail>(`/api/v1/cards/1/${card.contractAddress}/${card.tokenId}`);
    const listing = detail.listing;
    if (!listing) throw new Error('the listed card has no listing detail');
    const buyerIndex = ANVIL_ACCOUNTS[19]?.toLowerCase() === card.owner ? 18 : 19;
    const buyer = ANVIL_ACCOUNTS[buyerIndex]?.toLowerCase() ?? '';
    const path = `/en/tokens/1/${card.contractAddress}/${card.tokenId}`;

    const { page, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await page.goto(`${app.url}${path}`);
    const status = page.locator('[data-live-status]');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Live');
    expect(await page.locator('[data-listing-status]').getAttribute('data-listing-status')).toBe('listed');
    await page.evaluate(() => {
      (window as { loadedOnce?: boolean }).loadedOnce = true;
    });

    // OpenSea's client fills the order the site stored, from a wallet the site never saw.
    const order = listing.order as Record<string, unknown> & { conduitKey: string; consideration: unknown[] };
    const signer = new Wallet(anvilKey(buyerIndex), new JsonRpcProvider(app.rpcUrl, 1, { staticNetwork: true }));
    // seaport-js is typed against ethers' CommonJS build, this test imports its ES module build: same class.
    const seaport = new Seaport(signer as never, {
      overrides: { contractAddress: app.chain.contracts.exchange },
      conduitKeyToConduit: { [order.conduitKey]: app.chain.contracts.market },
    });
    const use = await seaport.fulfillOrder({
      order: {
        parameters: { ...order, totalOriginalConsiderationItems: order.consideration.length } as never,
        signature: listing.signature,
      },
      accountAddress: buyer,
    });
    const transaction = await use.executeAllActions();
    await transaction.wait();
    const mined = Date.now();

    // A fresh load, polled until it shows the sale: within 5 s of the transaction.
    let fresh = '';
    while (!fresh.includes(`data-listing-status="not-listed"`) || !fresh.includes(buyer)) {
      expect(Date.now() - mined, 'the fresh page showed the sale within 5 s').toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      fresh = await (await fetch(`${app.url}${path}`)).text();
    }

    // The open page followed without a reload.
    await expect
      .poll(() => page.locator('[data-listing-status]').getAttribute('data-listing-status'), { timeout: 10_000 })
      .toBe('not-listed');
    await expect.poll(() => page.locator('[data-live-region="owner"]').textContent()).toContain(buyer);
    expect(await page.locator('[data-activity-type="sale"]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await close();
  }, 90_000);
});
