/**
 * Trade offers in Chromium with the injected test wallet, on a local chain with the demo catalogue: a collector
 * who does not hold a card offers one of their own cards for it from its page (the holder does not get that
 * form), signs in the wallet, and the holder sees the offer on the card's page and counters it, asking for the
 * offered card, signed as an order only that collector may fill; the collector accepts the counter from the card's
 * page and the two cards change hands on chain. axe checks the offer form.
 *
 * This file runs its own server on an anvil chain with the demo catalogue minted (tests/helpers/chainApp.ts).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANVIL_ACCOUNTS } from '../../src/dev/seed/accounts.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage, type TestPage } from '../helpers/browser.ts';
import { type ChainApp, startChainApp } from '../helpers/chainApp.ts';
import { eventually } from '../helpers/eventually.ts';
import { gotoAfterLiveReload, hydrated, signInWithWallet } from '../helpers/pageActions.ts';
import { anvilKey } from '../helpers/testWallet.ts';

interface CardItem {
  contractAddress: string;
  tokenId: string;
  owner: string;
  name: string;
}

let app: ChainApp;
let browser: Browser;
let cards: CardItem[];
const open: TestPage[] = [];

const indexOf = (address: string) => ANVIL_ACCOUNTS.findIndex((a) => a.toLowerCase() === address.toLowerCase());
const tokenPath = (card: CardItem) => `/en/tokens/1/${card.contractAddress}/${card.tokenId}`;

async function walletPage(index: number) {
  const opened = await newPage(browser, { locale: 'en-US' });
  open.push(opened);
  await opened.page.setViewportSize({ width: 1280, height: 900 });
  const wallet = await signInWithWallet(opened.page, app.url, { key: anvilKey(index), rpcUrl: app.rpcUrl, chainId: 1 });
  // The trade forms on a phone.
  await opened.page.setViewportSize({ width: 390, height: 844 });
  return { ...opened, wallet };
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startChainApp(), launchBrowser()]);
  const response = await fetch(`${app.url}/api/v1/cards?chain_id=1&per_page=100`);
  cards = ((await response.json()) as { items: CardItem[] }).items.filter((item) => indexOf(item.owner) >= 8);
}, 120_000);

afterAll(async () => {
  for (const page of open) await page.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

describe('trade offers in the browser', () => {
  test('a collector offers their card for another’s from its page; the holder counters; the collector accepts and the cards swap', async () => {
    const wanted = cards[0] as CardItem;
    const given = cards.find((item) => item.owner !== wanted.owner) as CardItem;
    expect(given, 'the demo catalogue has Ethereum cards of two collectors').toBeDefined();
    const offerer = await walletPage(indexOf(given.owner));
    await offerer.page.goto(`${app.url}${tokenPath(wanted)}`);
    await hydrated(offerer.page, 'TokenOffers');
    await offerer.page.getByRole('button', { name: 'Offer your cards' }).click();
    const form = offerer.page.getByRole('form', { name: 'Offer your cards' });
    await form.getByRole('checkbox', { name: `#${given.tokenId}` }).check();
    await expectNoSeriousA11yViolations(offerer.page);
    await form.getByRole('button', { name: 'Sign and send the trade offer' }).click();
    await expect.poll(() => offerer.page.getByText('Your trade offer was sent.').count(), { timeout: 30_000 }).toBe(1);
    expect(offerer.wallet.calls).toContain('eth_signTypedData_v4');
    const pageHtml = async () => (await fetch(`${app.url}${tokenPath(wanted)}`)).text();
    await eventually(async () => (await pageHtml()).includes('data-trade-offer='), 15_000);

    const holder = await walletPage(indexOf(wanted.owner));
    await holder.page.goto(`${app.url}${tokenPath(wanted)}`);
    await hydrated(holder.page, 'TokenOffers');
    const row = holder.page.locator('li[data-trade-offer]').first();
    expect(await row.textContent()).toContain(`#${given.tokenId}`);
    await row.getByRole('button', { name: 'Counter' }).click();
    expect(await holder.page.getByRole('button', { name: 'Offer your cards' }).count()).toBe(0);
    const counter = row.getByRole('form', { name: 'Counter the trade offer' });
    expect(await counter.getByRole('checkbox', { name: `#${given.tokenId}` }).isChecked()).toBe(true);
    await counter.getByRole('button', { name: 'Sign and send the counter' }).click();
    await expect.poll(() => row.getByRole('status').textContent(), { timeout: 30_000 }).toContain('counter was sent');
    // The counter replaces the offer: the card's page lists it, private to the collector.
    await eventually(async () => (await pageHtml()).includes('Counter:'), 15_000);

    // The collector accepts the counter from the card's page: their wallet sends the fill, and the cards swap.
    await gotoAfterLiveReload(offerer.page, `${app.url}${tokenPath(wanted)}`);
    await hydrated(offerer.page, 'TokenOffers');
    const countered = offerer.page.locator('li[data-trade-offer]', { hasText: 'Counter:' }).first();
    await countered.getByRole('button', { name: 'Accept' }).click();
    const ownerOf = async (card: CardItem) =>
      ((await (await fetch(`${app.url}/api/v1/cards/1/${card.contractAddress}/${card.tokenId}`)).json()) as CardItem)
        .owner;
    await eventually(
      async () =>
        (await ownerOf(wanted)) === given.owner.toLowerCase() && (await ownerOf(given)) === wanted.owner.toLowerCase(),
      30_000,
    );
    expect(offerer.wallet.calls).toContain('eth_sendTransaction');
  }, 180_000);
});
