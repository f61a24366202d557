/**
 * Offers in Chromium with the injected test wallet, on a local chain with the demo catalogue: a collector
 * makes an offer on a card (the ether is wrapped and the conduit approved on the way, then the offer is
 * signed) and sees it as theirs, with "Cancel", in the table the page renders; the owner gets "Sell now" for it,
 * sees what they would receive after fee and royalty and accepts it, and the sale shows on
 * both users' pages; a collection offer made on the collection page is accepted with another card of the
 * collection (a second one in the same coin leaves the conduit allowed both); a trait offer made there asks for
 * the chosen trait's cards (its root asked for when it is sent); an owner sells two cards to their best
 * offers at once from their items page ("Sell to best offers", one transaction). axe checks the offer form and the
 * accept step.
 *
 * This file runs its own server on an anvil chain with the demo catalogue minted (tests/helpers/chainApp.ts).
 */
import type { Browser } from 'playwright-core';
import { createPublicClient, erc20Abi, getAddress, http, parseEther } from 'viem';
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
  nameEn: string | null;
  category: { id: number } | null;
  listing: unknown;
}
interface CardRecord extends CardItem {
  offers: { orderHash: string; kind: string; price: string; offerer: string }[];
}

let app: ChainApp;
let browser: Browser;
let cards: CardItem[];
const open: TestPage[] = [];

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${app.url}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
const record = (card: CardItem) => get<CardRecord>(`/api/v1/cards/1/${card.contractAddress}/${card.tokenId}`);
const tokenPath = (card: CardItem) => `/en/tokens/1/${card.contractAddress}/${card.tokenId}`;
const indexOf = (address: string) => ANVIL_ACCOUNTS.findIndex((a) => a.toLowerCase() === address.toLowerCase());

async function walletPage(index: number) {
  const opened = await newPage(browser, { locale: 'en-US' });
  open.push(opened);
  await opened.page.setViewportSize({ width: 1280, height: 900 });
  const wallet = await signInWithWallet(opened.page, app.url, { key: anvilKey(index), rpcUrl: app.rpcUrl, chainId: 1 });
  return { ...opened, wallet };
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startChainApp(), launchBrowser()]);
  const { items } = await get<{ items: CardItem[] }>('/api/v1/cards?chain_id=1&per_page=100');
  // Unlisted cards held by collectors (accounts 8 and up), two of them in one collection.
  cards = items.filter((item) => item.listing === null && indexOf(item.owner) >= 8 && item.category !== null);
  if (cards.length < 3) throw new Error('the demo catalogue has too few unlisted Ethereum cards held by collectors');
}, 120_000);

afterAll(async () => {
  for (const page of open) await page.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

describe('offers in the browser', () => {
  test('an offer on a card is made, accepted by its owner, and the sale shows on both users’ pages', async () => {
    const card = cards[0] as CardItem;
    const ownerIndex = indexOf(card.owner);
    const offererIndex = ownerIndex === 19 ? 18 : 19;
    const offerer = await walletPage(offererIndex);
    await offerer.page.goto(`${app.url}${tokenPath(card)}`);
    await hydrated(offerer.page, 'TokenOffers');
    await offerer.page.getByRole('button', { name: 'Make offer' }).click();
    const form = offerer.page.getByRole('form', { name: 'Make offer' });
    await expectNoSeriousA11yViolations(offerer.page);
    await form.getByLabel('Amount per card').fill('0.02');
    await form.getByLabel('Currency').selectOption({ label: 'WETH' });
    await form.getByLabel('Duration (days)').fill('3');
    await form.getByRole('button', { name: 'Send offer' }).click();
    const mine = async () =>
      (await record(card)).offers.find((offer) => offer.offerer === offerer.wallet.account.address.toLowerCase());
    await eventually(async () => (await mine()) !== undefined, 30_000);
    const made = await mine();
    expect(made).toMatchObject({ kind: 'token', price: parseEther('0.02').toString() });
    expect(offerer.wallet.calls).toContain('eth_signTypedData_v4');
    // The page lists the offer in its own table; the island says "You" in its maker's row and offers "Cancel".
    await gotoAfterLiveReload(offerer.page, `${app.url}${tokenPath(card)}`);
    await hydrated(offerer.page, 'TokenOffers');
    const ownRow = offerer.page.locator(`tr[data-offer="${made?.orderHash}"]`);
    await expect.poll(() => ownRow.locator('td').nth(2).textContent()).toBe('You');
    await expect.poll(() => ownRow.getByRole('button', { name: 'Cancel offer' }).count()).toBe(1);

    const owner = await walletPage(ownerIndex);
    await owner.page.goto(`${app.url}${tokenPath(card)}`);
    await hydrated(owner.page, 'TokenOffers');
    // "Sell now" above the table: the best offer in the chain's wrapped coin, this one.
    await expect.poll(() => owner.page.locator('[data-sell-now]').textContent()).toContain('0.02 WETH');
    const row = owner.page.locator(`tr[data-offer="${made?.orderHash}"]`);
    await row.getByRole('button', { name: 'Accept' }).click();
    // 0.02 less the 2.5 % fee and the card's royalty, spelled out before the wallet opens.
    await expect
      .poll(() => row.getByRole('status').textContent())
      .toMatch(/You receive 0\.0\d+ WETH \(price 0\.02 WETH − fee 0\.0005 WETH − royalty/);
    await expectNoSeriousA11yViolations(owner.page);
    await row.getByRole('button', { name: 'Accept in wallet' }).click();
    await eventually(async () => (await record(card)).owner === offerer.wallet.account.address.toLowerCase(), 30_000);

    await gotoAfterLiveReload(offerer.page, `${app.url}/en/user/${offerer.wallet.account.address.toLowerCase()}`);
    const madeRow = offerer.page.locator(`section[data-offers="offers-made"] tr[data-offer="${made?.orderHash}"]`);
    await expect.poll(() => madeRow.textContent(), { timeout: 15_000 }).toContain('Accepted');
    expect(await offerer.page.locator('main').textContent()).toContain(card.nameEn ?? card.name);
    await gotoAfterLiveReload(owner.page, `${app.url}/en/user/${owner.wallet.account.address.toLowerCase()}`);
    expect(await owner.page.locator('main').textContent()).not.toContain(card.nameEn ?? card.name);
  }, 120_000);

  test('a collection offer made on the collection page is accepted with another card of the collection', async () => {
    const card = cards.find((item, index) => index > 0 && item.category?.id === cards[1]?.category?.id) as CardItem;
    const ownerIndex = indexOf(card.owner);
    const offererIndex = ownerIndex === 17 ? 16 : 17;
    const offerer = await walletPage(offererIndex);
    const collectionPage = `${app.url}/en/collection/${card.category?.id}`;
    /** Offers `amount` WETH for any card of the collection, from its page (which may be reloading itself). */
    const offerOnCollection = async (amount: string) => {
      await gotoAfterLiveReload(offerer.page, collectionPage);
      await hydrated(offerer.page, 'OffersPanel');
      await offerer.page.getByRole('button', { name: 'Make offer' }).click();
      const form = offerer.page.getByRole('form', { name: 'Make offer' });
      await form.getByLabel('For').selectOption({ label: 'Any card in the collection' });
      await form.getByLabel('Amount per card').fill(amount);
      await form.getByLabel('Currency').selectOption({ label: 'WETH' });
      await form.getByRole('button', { name: 'Send offer' }).click();
    };
    const collectionOffers = async () =>
      (await record(card)).offers.filter(
        (offer) => offer.kind === 'collection' && offer.offerer === offerer.wallet.account.address.toLowerCase(),
      );
    await offerOnCollection('0.01');
    await eventually(async () => (await collectionOffers()).length > 0, 30_000);
    const [made] = await collectionOffers();

    // A second, lower collection offer in WETH from the same wallet: the conduit may then draw both from its
    // allowance (0.01 + 0.005; the first offer alone allowed 0.01).
    await offerOnCollection('0.005');
    await eventually(async () => (await collectionOffers()).length === 2, 30_000);
    const { chains } = await get<{
      chains: { chainId: number; conduit: string; currencies: { symbol: string; token: string | null }[] }[];
    }>('/api/v1/chains');
    const eth = chains.find((chain) => chain.chainId === 1);
    const weth = eth?.currencies.find((currency) => currency.symbol === 'WETH')?.token;
    const reader = createPublicClient({ transport: http(app.rpcUrl) });
    const allowance = await reader.readContract({
      address: getAddress(weth ?? ''),
      abi: erc20Abi,
      functionName: 'allowance',
      args: [offerer.wallet.account.address, getAddress(eth?.conduit ?? '')],
    });
    expect(allowance).toBeGreaterThanOrEqual(parseEther('0.015'));

    const owner = await walletPage(ownerIndex);
    await owner.page.goto(`${app.url}${tokenPath(card)}`);
    await hydrated(owner.page, 'TokenOffers');
    const row = owner.page.locator(`tr[data-offer="${made?.orderHash}"]`);
    expect(await row.textContent()).toContain('Any card in the collection');
    await row.getByRole('button', { name: 'Accept' }).click();
    await row.getByRole('button', { name: 'Accept in wallet' }).click();
    await eventually(async () => (await record(card)).owner === offerer.wallet.account.address.toLowerCase(), 30_000);
  }, 120_000);

  test('a trait offer made on the collection page asks for the cards with the chosen trait', async () => {
    const card = cards[0] as CardItem;
    const offerer = await walletPage(13);
    await gotoAfterLiveReload(offerer.page, `${app.url}/en/collection/${card.category?.id}`);
    await hydrated(offerer.page, 'OffersPanel');
    await offerer.page.getByRole('button', { name: 'Make offer' }).click();
    const form = offerer.page.getByRole('form', { name: 'Make offer' });
    const labels = await form.getByLabel('For').locator('option').allTextContents();
    const label = labels.find((text) => text.startsWith('Cards with '));
    const [, type, value, count] = /^Cards with (.+?): (.+) \((\d+)\)$/.exec(label ?? '') ?? [];
    expect(Number(count), `a trait among ${labels.join(' | ')}`).toBeGreaterThan(0);
    await form.getByLabel('For').selectOption({ label: label as string });
    await form.getByLabel('Amount per card').fill('0.004');
    await form.getByLabel('Currency').selectOption({ label: 'WETH' });
    await form.getByRole('button', { name: 'Send offer' }).click();
    // The form asked the server for the trait's root when it was sent (the page carries none): the server took
    // the signed offer, which it refuses unless its criteria is the root over the cards with that trait.
    const from = offerer.wallet.account.address.toLowerCase();
    type Listed = { offers: { kind: string; offerer: string; trait: { type: string; value: string } | null }[] };
    await eventually(async () => {
      const { offers } = await get<Listed>(`/api/v1/collections/${card.category?.id}/offers`);
      return offers.some((offer) => offer.kind === 'trait' && offer.offerer === from && offer.trait?.value === value);
    }, 30_000);
    const { offers } = await get<Listed>(`/api/v1/collections/${card.category?.id}/offers`);
    expect(offers.find((offer) => offer.offerer === from)?.trait).toEqual({ type, value });
  }, 120_000);

  test('an owner sells two cards to their best offers in one transaction from their items page', async () => {
    const { items } = await get<{ items: CardItem[] }>('/api/v1/cards?chain_id=1&per_page=100');
    const free = items.filter((item) => item.listing === null && indexOf(item.owner) >= 8);
    const owned = (owner: string) => free.filter((item) => item.owner === owner);
    const pair = free
      .map((item) => owned(item.owner))
      .find((list) => list.length >= 2)
      ?.slice(0, 2) as CardItem[];
    expect(pair, 'the demo catalogue has a collector with two unlisted Ethereum cards').toBeDefined();
    const ownerIndex = indexOf((pair[0] as CardItem).owner);
    // One offer from each of two collectors (an offer allows the conduit only its own amount of WETH).
    const offerers = [];
    for (const index of [14, 15, 16].filter((candidate) => candidate !== ownerIndex).slice(0, 2)) {
      offerers.push(await walletPage(index));
    }
    for (const [index, card] of pair.entries()) {
      const offerer = offerers[index] as (typeof offerers)[number];
      await gotoAfterLiveReload(offerer.page, `${app.url}${tokenPath(card)}`);
      await hydrated(offerer.page, 'TokenOffers');
      await offerer.page.getByRole('button', { name: 'Make offer' }).click();
      const form = offerer.page.getByRole('form', { name: 'Make offer' });
      await form.getByLabel('Amount per card').fill('0.01');
      await form.getByLabel('Currency').selectOption({ label: 'WETH' });
      await form.getByRole('button', { name: 'Send offer' }).click();
      const from = offerer.wallet.account.address.toLowerCase();
      await eventually(async () => (await record(card)).offers.some((offer) => offer.offerer === from), 30_000);
    }

    const owner = await walletPage(ownerIndex);
    await gotoAfterLiveReload(owner.page, `${app.url}/en/user/${(pair[0] as CardItem).owner}`);
    await hydrated(owner.page, 'SellToBestOffers');
    await owner.page.getByRole('button', { name: 'Sell to best offers' }).click();
    const form = owner.page.getByRole('form', { name: 'Sell to best offers' });
    for (const card of pair) await form.getByRole('checkbox', { name: new RegExp(`#${card.tokenId} `) }).check();
    await form.getByRole('button', { name: 'Sell the chosen cards in one transaction' }).click();
    await expect.poll(() => form.textContent(), { timeout: 60_000 }).toContain('Sold to the best offers: 2 cards.');
    const buyers = offerers.map((offerer) => offerer.wallet.account.address.toLowerCase());
    await eventually(
      async () => (await Promise.all(pair.map(record))).every((card, index) => card.owner === buyers[index]),
      30_000,
    );
  }, 180_000);
});
