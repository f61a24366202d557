/**
 * Bulk listing in Chromium with the injected test wallet, on a real local chain: a collector opens "list
 * several" on their own items page, chooses three cards, prices them (one price for all in Japanese, a price
 * each in English), approves each collection once and signs once; the site stores three listings with bulk
 * signatures and the listed tab shows them. axe checks the open form.
 *
 * This file runs its own server on an anvil chain with the demo catalogue minted (tests/helpers/chainApp.ts).
 * The demo gives no collector three unlisted Ethereum cards, so other collectors hand them theirs first.
 */
import type { Browser } from 'playwright-core';
import { type Address, createPublicClient, createWalletClient, erc721Abi, getAddress, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANVIL_ACCOUNTS } from '../../src/dev/seed/accounts.ts';
import { readBulkSignature } from '../../src/features/trading/bulk/bulkOrder.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage, type TestPage } from '../helpers/browser.ts';
import { type ChainApp, startChainApp } from '../helpers/chainApp.ts';
import { hydrated, signInWithWallet } from '../helpers/pageActions.ts';
import { anvilKey } from '../helpers/testWallet.ts';

interface CardItem {
  contractAddress: string;
  tokenId: string;
  owner: string;
  name: string;
  nameEn: string | null;
  listing: { price: string; signature?: string } | null;
}

/** The card's name as a page in `locale` shows it. */
const shownName = (card: CardItem, locale: 'ja' | 'en') => (locale === 'en' && card.nameEn) || card.name;

let app: ChainApp;
let browser: Browser;
/** The two collectors who list, with three of their unlisted Ethereum cards each. */
const sellers: { index: number; cards: CardItem[] }[] = [];
const open: TestPage[] = [];

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${app.url}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const record = (card: CardItem) => get<CardItem>(`/api/v1/cards/1/${card.contractAddress}/${card.tokenId}`);
/** The checkbox name of `card` in the form: its name and token id, then its collection. */
const cardLabel = (card: CardItem, locale: 'ja' | 'en') =>
  new RegExp(`^${shownName(card, locale).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} #${card.tokenId}\\b`);
const indexOf = (address: string) => ANVIL_ACCOUNTS.findIndex((a) => a.toLowerCase() === address.toLowerCase());

/** Moves `card` on chain from its owner to anvil account `to`, and waits for the site to see it. */
async function hand(card: CardItem, to: number) {
  const from = createWalletClient({
    account: privateKeyToAccount(anvilKey(indexOf(card.owner))),
    transport: http(app.rpcUrl),
  });
  const receiver = ANVIL_ACCOUNTS[to] as Address;
  await from.writeContract({
    chain: null,
    address: getAddress(card.contractAddress),
    abi: erc721Abi,
    functionName: 'transferFrom',
    args: [getAddress(card.owner), receiver, BigInt(card.tokenId)],
  });
  const deadline = Date.now() + 15_000;
  while ((await record(card)).owner !== receiver.toLowerCase()) {
    if (Date.now() > deadline) throw new Error(`the site did not see card ${card.tokenId} move`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...card, owner: receiver.toLowerCase() };
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startChainApp(), launchBrowser()]);
  const { items } = await get<{ items: CardItem[] }>('/api/v1/cards?chain_id=1&per_page=100');
  // Collectors (anvil accounts 8 and up) and their unlisted cards, most first.
  const byOwner = new Map<number, CardItem[]>();
  for (const item of items.filter((card) => card.listing === null && indexOf(card.owner) >= 8)) {
    byOwner.set(indexOf(item.owner), [...(byOwner.get(indexOf(item.owner)) ?? []), item]);
  }
  const owners = [...byOwner].sort((a, b) => b[1].length - a[1].length);
  const [first, second, ...donors] = owners;
  if (!first || !second) throw new Error('the demo catalogue has too few collectors with unlisted Ethereum cards');
  const spare = donors.flatMap(([, cards]) => cards);
  for (const [index, cards] of [first, second]) {
    const mine = cards.slice(0, 3);
    while (mine.length < 3) {
      const given = spare.shift();
      if (!given) throw new Error('not enough unlisted Ethereum cards in the demo catalogue');
      mine.push(await hand(given, index));
    }
    sellers.push({ index, cards: mine });
  }
}, 120_000);

afterAll(async () => {
  for (const page of open) await page.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

/** Signs the collector in and opens "list several" on their items page in `locale`. */
async function openBulkForm(seller: { index: number }, locale: 'ja' | 'en', button: string) {
  const opened = await newPage(browser, { locale: locale === 'ja' ? 'ja-JP' : 'en-US' });
  open.push(opened);
  const { page } = opened;
  await page.setViewportSize({ width: 1280, height: 900 });
  const wallet = await signInWithWallet(page, app.url, { key: anvilKey(seller.index), rpcUrl: app.rpcUrl, chainId: 1 });
  const address = wallet.account.address.toLowerCase();
  const prefix = locale === 'ja' ? '' : '/en';
  await page.goto(`${app.url}${prefix}/user/${address}`);
  await page.getByRole('button', { name: button }).click();
  await hydrated(page, 'BulkListing');
  return { page, wallet, listedUrl: `${app.url}${prefix}/user/${address}?tab=listed` };
}

/** The Ethereum listing of `card` on the site, with a bulk signature of three orders (tree of 4). */
async function expectBulkListed(card: CardItem, price: string) {
  const { listing } = await record(card);
  expect(listing?.price).toBe(parseEther(price).toString());
  const bulk = readBulkSignature((listing?.signature ?? '0x') as `0x${string}`);
  expect(bulk?.proof).toHaveLength(2);
}

describe('listing several cards with one signature', () => {
  test('ja: three cards at one price for all, one signature, three listings shown', async () => {
    const seller = sellers[0] as { index: number; cards: CardItem[] };
    const { page, wallet, listedUrl } = await openBulkForm(seller, 'ja', 'まとめて出品');
    const form = page.getByRole('form', { name: 'まとめて出品' });
    await form.getByRole('checkbox', { name: 'すべて同じ価格にする' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    for (const card of seller.cards) {
      await form.getByRole('checkbox', { name: cardLabel(card, 'ja') }).check();
    }
    await expect.poll(() => form.getByText('3枚を選択中').count()).toBe(1);
    await form.getByRole('checkbox', { name: 'すべて同じ価格にする' }).check();
    await form.getByLabel('価格（1枚あたり）').fill('0.012');
    await form.getByLabel('通貨').selectOption({ label: 'ETH' });
    await Promise.all([
      page.waitForURL(listedUrl, { timeout: 45_000 }),
      form.getByRole('button', { name: '選んだカードを出品する（署名は1回）' }).click(),
    ]);
    expect(wallet.calls.filter((call) => call === 'eth_signTypedData_v4')).toHaveLength(1);
    // Each collection was approved at most once (`setApprovalForAll`), and every one is approved now.
    const collections = [...new Set(seller.cards.map((card) => getAddress(card.contractAddress)))];
    const approvals = wallet.transactions.filter((tx) => tx['data']?.startsWith('0xa22cb465'));
    expect(new Set(approvals.map((tx) => tx['to']?.toLowerCase())).size).toBe(approvals.length);
    expect(approvals.length).toBeLessThanOrEqual(collections.length);
    for (const collection of collections) {
      const approved = await createPublicClient({ transport: http(app.rpcUrl) }).readContract({
        address: collection,
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        args: [wallet.account.address, app.chain.contracts.market as Address],
      });
      expect(approved).toBe(true);
    }
    const main = (await page.locator('main').textContent()) ?? '';
    for (const card of seller.cards) {
      expect(main).toContain(card.name);
      await expectBulkListed(card, '0.012');
    }
  });

  test('en: three cards at a price each, by keyboard, one signature, three listings shown', async () => {
    const seller = sellers[1] as { index: number; cards: CardItem[] };
    const { page, wallet, listedUrl } = await openBulkForm(seller, 'en', 'List several cards');
    const form = page.getByRole('form', { name: 'List several cards' });
    await form.getByRole('checkbox', { name: 'Same price for all' }).waitFor();
    const prices = ['0.021', '0.022', '0.023'];
    for (const [i, card] of seller.cards.entries()) {
      await form.getByRole('checkbox', { name: cardLabel(card, 'en') }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await page.keyboard.type(prices[i] as string);
      expect(await form.getByLabel(`Price of ${shownName(card, 'en')} (#${card.tokenId})`).inputValue()).toBe(
        prices[i],
      );
    }
    await Promise.all([
      page.waitForURL(listedUrl, { timeout: 45_000 }),
      form.getByRole('button', { name: 'List the selected cards (one signature)' }).click(),
    ]);
    expect(wallet.calls.filter((call) => call === 'eth_signTypedData_v4')).toHaveLength(1);
    const main = (await page.locator('main').textContent()) ?? '';
    for (const [i, card] of seller.cards.entries()) {
      expect(main).toContain(shownName(card, 'en'));
      await expectBulkListed(card, prices[i] as string);
    }
  });
});
