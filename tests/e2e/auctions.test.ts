/**
 * Auctions in Chromium with the injected test wallet, on a local chain with the demo catalogue: in Japanese a
 * collector lists a card at a declining price (the token page draws the curve) and another buys it at the price
 * of the block; in English a collector starts a timed auction in WETH, a bidder bids through the bid form, the
 * page shows the highest bid, a rival's higher bid turns the outbid bidder's bell from 0 to 1 live (no reload),
 * and the seller can no longer cancel. The settlement itself, which needs the
 * auction's end, is tested against the chain in src/features/trading/auction/auctions.server.test.ts.
 */
import type { Browser } from 'playwright-core';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANVIL_ACCOUNTS } from '../../src/dev/seed/accounts.ts';
import { wrappedNativeAbi } from '../../src/features/trading/contracts/wrappedNativeAbi.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage, type TestPage } from '../helpers/browser.ts';
import { type ChainApp, startChainApp } from '../helpers/chainApp.ts';
import { eventually } from '../helpers/eventually.ts';
import { hydrated, signInWithWallet } from '../helpers/pageActions.ts';
import { anvilKey } from '../helpers/testWallet.ts';

interface CardItem {
  contractAddress: string;
  tokenId: string;
  owner: string;
  listing: unknown;
}
interface CardRecord extends CardItem {
  listing: {
    saleType: string;
    startPrice: string;
    endPrice: string;
    auction?: { status: string; highestBid: string | null; bidCount: number } | null;
  } | null;
  activity: { type: string; price: string | null }[];
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
const tokenPath = (card: CardItem, prefix = '') => `${prefix}/tokens/1/${card.contractAddress}/${card.tokenId}`;
const indexOf = (address: string) => ANVIL_ACCOUNTS.findIndex((a) => a.toLowerCase() === address.toLowerCase());

async function walletPage(index: number, locale: 'ja-JP' | 'en-US') {
  const opened = await newPage(browser, { locale });
  open.push(opened);
  await opened.page.setViewportSize({ width: 1280, height: 900 });
  const wallet = await signInWithWallet(opened.page, app.url, { key: anvilKey(index), rpcUrl: app.rpcUrl, chainId: 1 });
  return { ...opened, wallet };
}

/** Someone other than the owner, among the collectors 8..19. */
const otherThan = (owner: number) => (owner === 19 ? 18 : 19);

beforeAll(async () => {
  [app, browser] = await Promise.all([startChainApp(), launchBrowser()]);
  const { items } = await get<{ items: CardItem[] }>('/api/v1/cards?chain_id=1&per_page=100');
  cards = items.filter((item) => item.listing === null && indexOf(item.owner) >= 8 && indexOf(item.owner) <= 17);
  if (cards.length < 2) throw new Error('the demo catalogue has too few unlisted Ethereum cards held by collectors');
}, 120_000);

afterAll(async () => {
  for (const page of open) await page.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

describe('auctions in the browser', () => {
  test('ja: a declining-price listing shows its curve and sells at the price of the block', async () => {
    const card = cards[0] as CardItem;
    const seller = await walletPage(indexOf(card.owner), 'ja-JP');
    await seller.page.goto(`${app.url}${tokenPath(card)}`);
    await hydrated(seller.page, 'TradeActions');
    await seller.page.getByRole('button', { name: 'このカードを出品' }).click();
    const form = seller.page.getByRole('form', { name: 'このカードを出品' });
    await form.getByLabel('販売方法').selectOption({ label: '値下がり（ダッチオークション）' });
    await form.getByLabel('価格', { exact: true }).fill('0.05');
    await form.getByLabel('最終価格（期限に到達する価格）').fill('0.01');
    await form.getByLabel('通貨').selectOption({ label: 'ETH' });
    await form.getByLabel('出品期間（日）').fill('1');
    await expectNoSeriousA11yViolations(seller.page);
    await Promise.all([
      seller.page.waitForURL(`${app.url}/user/${card.owner.toLowerCase()}`, { timeout: 45_000 }),
      form.getByRole('button', { name: '出品する' }).click(),
    ]);
    const listed = (await record(card)).listing;
    expect(listed).toMatchObject({
      saleType: 'declining',
      startPrice: parseEther('0.05').toString(),
      endPrice: parseEther('0.01').toString(),
    });

    const buyer = await walletPage(otherThan(indexOf(card.owner)), 'ja-JP');
    await buyer.page.goto(`${app.url}${tokenPath(card)}`);
    await expect.poll(() => buyer.page.getByRole('img', { name: /一定の割合で下がる/ }).count()).toBe(1);
    expect(await buyer.page.locator('[data-declining]').textContent()).toContain('最低価格になります');
    await hydrated(buyer.page, 'TradeActions');
    await buyer.page.getByRole('button', { name: '今すぐ購入' }).click();
    await eventually(async () => (await record(card)).owner === buyer.wallet.account.address.toLowerCase(), 30_000);
    await eventually(async () => (await record(card)).activity.some((row) => row.type === 'sale'), 30_000);
    const sale = (await record(card)).activity.find((row) => row.type === 'sale');
    const paid = BigInt(sale?.price ?? '0');
    expect(paid).toBeLessThan(parseEther('0.05'));
    expect(paid).toBeGreaterThan(parseEther('0.01'));
  }, 150_000);

  test('en: a timed auction takes a bid through the bid form; the seller can no longer cancel it', async () => {
    const card = cards[1] as CardItem;
    const sellerIndex = indexOf(card.owner);
    const bidderIndex = otherThan(sellerIndex);
    // A rival who outbids the bidder later: another collector among 8..19.
    const rivalIndex = [19, 18, 17].find((index) => index !== sellerIndex && index !== bidderIndex) as number;
    const { contracts } = await get<{ chains: { chainId: number; currencies: { code: number; token: string }[] }[] }>(
      '/api/v1/chains',
    ).then((body) => ({ contracts: body.chains.find((chain) => chain.chainId === 1) }));
    const weth = contracts?.currencies.find((currency) => currency.code === 4)?.token as `0x${string}`;
    // The bidders hold WETH (bids are offers, in a token).
    for (const index of [bidderIndex, rivalIndex]) {
      const wallet = createWalletClient({ account: privateKeyToAccount(anvilKey(index)), transport: http(app.rpcUrl) });
      const deposit = await wallet.writeContract({
        address: weth,
        abi: wrappedNativeAbi,
        functionName: 'deposit',
        value: parseEther('1'),
        chain: null,
      });
      await createPublicClient({ transport: http(app.rpcUrl) }).waitForTransactionReceipt({ hash: deposit });
    }

    const seller = await walletPage(sellerIndex, 'en-US');
    await seller.page.goto(`${app.url}${tokenPath(card, '/en')}`);
    await hydrated(seller.page, 'TradeActions');
    await seller.page.getByRole('button', { name: 'Sell this card' }).click();
    const form = seller.page.getByRole('form', { name: 'Sell this card' });
    await form.getByLabel('Sale type').selectOption({ label: 'Timed auction (sells to the highest bid)' });
    await form.getByLabel('Reserve price').fill('0.1');
    await form.getByLabel('Currency').selectOption({ label: 'WETH' });
    await form.getByLabel('Auction length (days)').fill('1');
    await Promise.all([
      seller.page.waitForURL(`${app.url}/en/user/${card.owner.toLowerCase()}`, { timeout: 45_000 }),
      form.getByRole('button', { name: 'List for sale' }).click(),
    ]);
    const auctionListing = (await record(card)).listing;
    expect(auctionListing).toMatchObject({ saleType: 'auction', auction: { status: 'running' } });

    const bidder = await walletPage(bidderIndex, 'en-US');
    await bidder.page.goto(`${app.url}${tokenPath(card, '/en')}`);
    await hydrated(bidder.page, 'TradeActions');
    const bid = bidder.page.getByRole('form', { name: 'Place a bid' });
    expect(await bid.getByLabel(/Your bid/).inputValue()).toBe('0.1');
    await expectNoSeriousA11yViolations(bidder.page);
    await bid.getByLabel(/Your bid/).fill('0.12');
    await bid.getByRole('button', { name: 'Bid this amount' }).click();
    await eventually(
      async () => (await record(card)).listing?.auction?.highestBid === parseEther('0.12').toString(),
      30_000,
    );
    // The form reloads the page once the bid is in.
    await expect
      .poll(() =>
        bidder.page
          .locator('[data-highest-bid]')
          .textContent({ timeout: 1_000 })
          .catch(() => ''),
      )
      .toContain('0.12');
    await hydrated(bidder.page, 'TradeActions');
    // The next bid must beat it by 5 %: 0.126 WETH at least.
    expect(await bidder.page.locator('#bid-minimum').textContent()).toContain('0.126');

    // The bidder keeps the page open; a rival outbids them, and their bell turns from 0 to 1 without a reload.
    const bell = bidder.page.locator('[data-notification-bell] [data-unread-count]');
    await expect.poll(() => bell.getAttribute('data-unread-count').catch(() => null)).toBe('0');
    const rival = await walletPage(rivalIndex, 'en-US');
    await rival.page.goto(`${app.url}${tokenPath(card, '/en')}`);
    await hydrated(rival.page, 'TradeActions');
    const rivalBid = rival.page.getByRole('form', { name: 'Place a bid' });
    await rivalBid.getByLabel(/Your bid/).fill('0.13');
    await rivalBid.getByRole('button', { name: 'Bid this amount' }).click();
    await expect.poll(() => bell.getAttribute('data-unread-count'), { timeout: 45_000 }).toBe('1');
    await bidder.page.locator('[data-notification-bell] button').first().click();
    expect(await bidder.page.locator('[data-notification-list]').textContent()).toContain('You were outbid on');

    await seller.page.goto(`${app.url}${tokenPath(card, '/en')}`);
    await hydrated(seller.page, 'TradeActions');
    await expect.poll(() => seller.page.getByText('This auction has bids').count()).toBe(1);
    expect(await seller.page.getByRole('button', { name: 'Cancel listing' }).count()).toBe(0);
    await seller.page.goto(`${app.url}${tokenPath(card)}`);
    expect(await seller.page.locator('[data-auction]').textContent()).toContain('現在の最高入札額');
  }, 150_000);
});
