/**
 * A sale made outside the site: a script fills the card's Seaport order on chain with OpenSea's own SDK
 * (`@opensea/seaport-js` over ethers), as any other marketplace or bot could. The token page a visitor has open
 * follows it without a reload (Server-Sent Events: the new owner, "not listed", the sale in the activity), and a
 * fresh load shows it within 5 s of the transaction. A page whose stream the server refuses (its address holds
 * all the streams it may) polls instead and shows the sale within a minute.
 */
import { type ClientRequest, request } from 'node:http';
import { Seaport } from '@opensea/seaport-js';
import { JsonRpcProvider, Wallet } from 'ethers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANVIL_ACCOUNTS } from '../../src/dev/seed/accounts.ts';
import type { CardDetail, CardSummary } from '../../src/features/catalogue/types.ts';
import { CurrencyCode } from '../../src/features/chains/currencies.ts';
import { API_KEY } from '../helpers/api.ts';
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

/** Listed Ethereum cards buyable in ETH, in the catalogue's order. */
async function buyableCards(): Promise<CardSummary[]> {
  const { items } = await get<{ items: CardSummary[] }>('/api/v1/cards?chain_id=1&status=listed&per_page=100');
  return items.filter((item) => item.listing?.currencyCode === CurrencyCode.ETH && !item.listing.unbuyableReason);
}

/** Buys `card` on chain with OpenSea's client, from a wallet the site never saw; resolves with the buyer once mined. */
async function buyOutside(card: CardSummary): Promise<{ buyer: string; mined: number }> {
  const detail = await get<CardDetail>(`/api/v1/cards/1/${card.contractAddress}/${card.tokenId}`);
  const listing = detail.listing;
  if (!listing) throw new Error('the listed card has no listing detail');
  const buyerIndex = ANVIL_ACCOUNTS[19]?.toLowerCase() === card.owner ? 18 : 19;
  const buyer = ANVIL_ACCOUNTS[buyerIndex]?.toLowerCase() ?? '';
  // OpenSea's client fills the order the site stored, from a wallet the site never saw.
  const order = listing.order as Record<string, unknown> & { conduitKey: string; consideration: unknown[] };
  const signer = new Wallet(anvilKey(buyerIndex), new JsonRpcProvider(app.rpcUrl, 1, { staticNetwork: true }));
  // seaport-js is typed against ethers' CommonJS build, this test imports its ES module build: same class.
  const seaport = new Seaport(signer as never, {
    overrides: { contractAddress: app.chain.contracts.exchange },
    conduitKeyToConduit: { [order.conduitKey]: app.chain.contracts.market },
  });
  // The zone's signature of this fill for the buyer, from the site's fulfilment endpoint (a recipient makes
  // seaport-js send the advanced order with its extraData).
  const answer = await fetch(`${app.url}/api/v1/orders/${listing.orderHash}/fulfillment`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: app.url,
      'x-requested-with': 'XMLHttpRequest',
      'x-api-key': API_KEY,
    },
    body: JSON.stringify({ fulfiller: buyer }),
  });
  const fulfilment = (await answer.json()) as { fulfillment_data: { orders: { extraData: string }[] } };
  const use = await seaport.fulfillOrder({
    order: {
      parameters: { ...order, totalOriginalConsiderationItems: order.consideration.length } as never,
      signature: listing.signature,
    },
    extraData: fulfilment.fulfillment_data.orders[0]?.extraData ?? '0x',
    accountAddress: buyer,
    recipientAddress: buyer,
  });
  const transaction = await use.executeAllActions();
  await transaction.wait();
  return { buyer, mined: Date.now() };
}

describe('a sale made outside the site', () => {
  test('shows on the open token page without a reload, and on a fresh load within 5 s', async () => {
    const card = (await buyableCards())[0];
    if (!card) throw new Error('the demo catalogue has no buyable Ethereum card listed in ETH');
    const path = `/en/tokens/1/${card.contractAddress}/${card.tokenId}`;

    const { page, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await page.goto(`${app.url}${path}`);
    const status = page.locator('[data-live-status]');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Live');
    expect(await page.locator('[data-listing-status]').getAttribute('data-listing-status')).toBe('listed');
    await page.evaluate(() => {
      (window as { loadedOnce?: boolean }).loadedOnce = true;
    });

    const { buyer, mined } = await buyOutside(card);

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

  test('shows on an open page whose stream was refused, by polling: within a minute', async () => {
    const card = (await buyableCards())[0];
    if (!card) throw new Error('the demo catalogue has no second buyable Ethereum card listed in ETH');
    const path = `/en/tokens/1/${card.contractAddress}/${card.tokenId}`;

    // The browser's address (127.0.0.1) holds every stream it may: its page's stream is refused (503).
    const held: ClientRequest[] = [];
    for (;;) {
      const status = await new Promise<number>((resolve, reject) => {
        const asking = request(`${app.url}/api/v1/changes?topics=home`, { agent: false }, (response) => {
          if (response.statusCode === 200) held.push(asking);
          else response.resume();
          resolve(response.statusCode ?? 0);
        });
        asking.on('error', reject).end();
      });
      if (status === 503) break;
      expect(status).toBe(200);
    }

    try {
      const { page, close } = await newPage(browser, { locale: 'en-US' });
      // The page's timers run when the test says: a minute passes at once.
      await page.clock.install();
      const polled = page.waitForResponse((response) => response.url().includes('/api/v1/changes/latest?'));
      await page.goto(`${app.url}${path}`);
      const status = page.locator('[data-live-status]');
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Updating every minute');
      expect((await polled).status()).toBe(200);

      const lastChange = async () =>
        (await get<{ changedAt: string | null }>(`/api/v1/changes/latest?topics=card:${card.id}`)).changedAt;
      const before = await lastChange();
      const { buyer } = await buyOutside(card);
      await expect.poll(lastChange, { timeout: 10_000 }).not.toBe(before);
      expect(await page.locator('[data-live-region="owner"]').textContent()).not.toContain(buyer);
      await page.clock.runFor(60_000);
      await expect
        .poll(() => page.locator('[data-listing-status]').getAttribute('data-listing-status'), { timeout: 10_000 })
        .toBe('not-listed');
      await expect.poll(() => page.locator('[data-live-region="owner"]').textContent()).toContain(buyer);
      await close();
    } finally {
      for (const stream of held) stream.destroy();
    }
  }, 90_000);
});
