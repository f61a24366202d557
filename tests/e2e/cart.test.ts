/**
 * The cart in Chromium with the injected test wallet, on a local chain with the demo catalogue. In Japanese: a
 * collector sweeps the 4 cheapest ETH listings of a collection into the cart and buys them in one transaction,
 * while another wallet buys one of them in the same block just before (anvil mines by fees): Seaport skips
 * it, the page says 3 were bought and 1 skipped as already filled, and the buyer paid exactly the 3 prices and
 * the gas. In English: two cards added from their token pages (one priced in an ERC-20, approved on the way),
 * the cart's total per currency (axe checks the page), both bought at once.
 *
 * This file runs its own server on an anvil chain with the demo catalogue minted (tests/helpers/chainApp.ts).
 */
import type { Browser } from 'playwright-core';
import {
  type Address,
  createPublicClient,
  createTestClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  getAddress,
  type Hex,
  http,
  parseEther,
  parseGwei,
  toFunctionSelector,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANVIL_ACCOUNTS } from '../../src/dev/seed/accounts.ts';
import { LOCAL_CONDUIT_KEY } from '../../src/features/chains/localDefaults.ts';
import ja from '../../src/features/i18n/ja.json';
import { advancedOrder } from '../../src/features/trading/seaport/advancedOrder.ts';
import { considerationAt } from '../../src/features/trading/seaport/orderAmounts.ts';
import { parseOrderJson } from '../../src/features/trading/seaport/orderJson.ts';
import { seaportAbi } from '../../src/features/trading/seaport/seaportAbi.ts';
import { priceText } from '../../src/ui/data/priceText.ts';
import { API_KEY } from '../helpers/api.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage, type TestPage } from '../helpers/browser.ts';
import { type ChainApp, startChainApp } from '../helpers/chainApp.ts';
import { hydrated, signInWithWallet } from '../helpers/pageActions.ts';
import { anvilKey } from '../helpers/testWallet.ts';

interface CardItem {
  contractAddress: string;
  tokenId: string;
  owner: string;
  category: { id: number } | null;
  listing: {
    orderHash: string;
    saleType: string;
    currentPrice: string;
    currencyCode: number;
    unbuyableReason: string | null;
  } | null;
}
interface CardRecord extends CardItem {
  listing: (NonNullable<CardItem['listing']> & { order: Record<string, unknown>; signature: string }) | null;
}

const ETH = 2;
/** The sweeping buyer, the wallet that buys one card first, and the English buyer (anvil accounts). */
const SWEEPER = 15;
const RIVAL = 14;
const SHOPPER = 13;
const FULFIL_AVAILABLE = toFunctionSelector(
  seaportAbi.find((item) => item.type === 'function' && item.name === 'fulfillAvailableAdvancedOrders') as never,
);

let app: ChainApp;
let browser: Browser;
const open: TestPage[] = [];

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${app.url}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
const record = (card: CardItem) => get<CardRecord>(`/api/v1/cards/1/${card.contractAddress}/${card.tokenId}`);
const reader = () => createPublicClient({ transport: http(app.rpcUrl) });
const address = (index: number) => getAddress(ANVIL_ACCOUNTS[index] as string);

/** Whether a cart may buy the listing for `buyer` (what the sweep takes). */
const cartable = (item: CardItem, buyer: number) =>
  item.listing !== null &&
  item.listing.unbuyableReason === null &&
  item.listing.saleType !== 'auction' &&
  item.owner !== address(buyer).toLowerCase();

async function walletPage(index: number, locale: string) {
  const opened = await newPage(browser, { locale });
  open.push(opened);
  await opened.page.setViewportSize({ width: 1280, height: 900 });
  const wallet = await signInWithWallet(opened.page, app.url, { key: anvilKey(index), rpcUrl: app.rpcUrl, chainId: 1 });
  return { ...opened, wallet };
}

async function ownerOf(card: CardItem): Promise<string> {
  const owner = await reader().readContract({
    address: getAddress(card.contractAddress),
    abi: erc721Abi,
    functionName: 'ownerOf',
    args: [BigInt(card.tokenId)],
  });
  return owner.toLowerCase();
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startChainApp(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  for (const page of open) await page.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

describe('the cart', () => {
  test('ja: sweeping the 4 cheapest, one bought by another wallet first: 3 bought, 1 skipped, charged for 3', async () => {
    const { items } = await get<{ items: CardItem[] }>(
      `/api/v1/cards?chain_id=1&status=listed&currency_code=${ETH}&sort=price_asc&per_page=100`,
    );
    const byCollection = new Map<number, CardItem[]>();
    for (const item of items.filter((entry) => cartable(entry, SWEEPER) && entry.category)) {
      const id = item.category?.id ?? 0;
      byCollection.set(id, [...(byCollection.get(id) ?? []), item]);
    }
    const [collectionId, listed] = [...byCollection].find(([, cards]) => cards.length >= 4) ?? [];
    if (!collectionId || !listed)
      throw new Error('no Ethereum collection has 4 cards listed in ETH in the demo catalogue');
    const cheapest = listed.slice(0, 4);
    const orders = new Map<CardItem, NonNullable<ReturnType<typeof parseOrderJson>>>();
    for (const card of cheapest) {
      const order = parseOrderJson((await record(card)).listing?.order);
      if (!order) throw new Error(`card ${card.tokenId} has no order`);
      orders.set(card, order);
    }
    const target = cheapest[1] as CardItem;
    expect(target.owner).not.toBe(address(RIVAL).toLowerCase());

    const { page, wallet } = await walletPage(SWEEPER, 'ja-JP');
    await page.goto(`${app.url}/collection/${collectionId}`);
    await hydrated(page, 'SweepForm');
    const sweep = page.getByRole('form', { name: '最安のカードをまとめてカートへ' });
    await sweep.getByLabel('枚数').fill('4');
    await sweep.getByLabel('通貨').selectOption({ label: 'ETH' });
    await Promise.all([
      page.waitForURL(`${app.url}/cart`),
      sweep.getByRole('button', { name: '安い順にカートに入れる' }).click(),
    ]);
    await page.locator('[data-cart-checked="true"]').waitFor();
    const rows = page.locator('li[data-cart-item]');
    expect(await rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-cart-item')))).toEqual(
      cheapest.map((card) => card.listing?.orderHash),
    );
    expect(await page.locator('kf-cart-count').textContent()).toBe('4');

    // The rival's purchase and the cart's go into the same block; the rival pays more gas, so it comes first.
    const chain = defineChain({
      id: 1,
      name: 'local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [app.rpcUrl] } },
    });
    const testClient = createTestClient({ mode: 'anvil', chain, transport: http(app.rpcUrl) });
    const balanceBefore = await reader().getBalance({ address: address(SWEEPER) });
    const order = orders.get(target);
    const stored = (await record(target)).listing;
    const signature = stored?.signature as Hex;
    if (!order) throw new Error('the rival cannot buy the card');
    // The rival's fill, signed by the zone for them as the fulfilment API answers any Seaport client.
    const answer = await fetch(`${app.url}/api/v1/orders/${stored?.orderHash}/fulfillment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.url,
        'x-requested-with': 'XMLHttpRequest',
        'x-api-key': API_KEY,
      },
      body: JSON.stringify({ fulfiller: address(RIVAL) }),
    });
    const fulfilment = (await answer.json()) as { fulfillment_data?: { orders: { extraData: Hex }[] } };
    const extraData = fulfilment.fulfillment_data?.orders[0]?.extraData;
    if (!extraData) throw new Error(`no fulfilment for the rival: ${JSON.stringify(fulfilment)}`);
    let first: Hex | undefined;
    await testClient.setAutomine(false);
    try {
      await page.getByRole('button', { name: 'Ethereumで 4 枚を購入' }).click();
      await expect
        .poll(() => wallet.transactions.some((tx) => tx['data']?.startsWith(FULFIL_AVAILABLE)), { timeout: 30_000 })
        .toBe(true);
      // The cart's transaction waits in the node's pool (the check before the wallet found all 4 buyable).
      const nonce = (blockTag: 'latest' | 'pending') =>
        reader().getTransactionCount({ address: address(SWEEPER), blockTag });
      await expect.poll(async () => (await nonce('pending')) - (await nonce('latest'))).toBe(1);
      // Signed here with every field set: the node would estimate against its pending block, where the cart
      // transaction already bought the card.
      const rival = privateKeyToAccount(anvilKey(RIVAL));
      first = await reader().sendRawTransaction({
        serializedTransaction: await rival.signTransaction({
          type: 'legacy',
          chainId: 1,
          to: getAddress(app.chain.contracts.exchange),
          data: encodeFunctionData({
            abi: seaportAbi,
            functionName: 'fulfillAdvancedOrder',
            args: [advancedOrder({ order, signature }, 1n, 1n, extraData), [], LOCAL_CONDUIT_KEY, address(RIVAL)],
          }),
          value: considerationAt(order, 0n),
          gas: 500_000n,
          gasPrice: parseGwei('100'),
          nonce: await reader().getTransactionCount({ address: rival.address, blockTag: 'pending' }),
        }),
      });
      await testClient.mine({ blocks: 1 });
      expect((await reader().getTransactionReceipt({ hash: first })).status).toBe('success');
    } finally {
      await testClient.setAutomine(true);
    }

    const result = page.locator('[data-cart-result]');
    await expect
      .poll(() => result.textContent(), { timeout: 45_000 })
      // The reason in the words of the one table of order reasons (trading/orders/orderFacts.ts).
      .toBe(`3 枚を購入し、1 枚をスキップしました（${ja['order.reason.filled']}）。`);
    expect(await ownerOf(target)).toBe(address(RIVAL).toLowerCase());
    const bought = cheapest.filter((card) => card !== target);
    for (const card of bought) expect(await ownerOf(card)).toBe(address(SWEEPER).toLowerCase());

    // Charged for the 3 (at the block's time) and the gas; the 4th card's price came back.
    const block = await reader().getBlock({ blockTag: 'latest', includeTransactions: true });
    const sent = block.transactions.find((tx) => tx.from.toLowerCase() === address(SWEEPER).toLowerCase());
    if (!sent) throw new Error('the cart transaction is not in the latest block');
    expect(block.transactions.map((tx) => tx.hash)).toEqual([first, sent.hash]);
    const receipt = await reader().getTransactionReceipt({ hash: sent.hash });
    const prices = bought.reduce((sum, card) => {
      const paid = orders.get(card);
      return paid ? sum + considerationAt(paid, block.timestamp) : sum;
    }, 0n);
    const balanceAfter = await reader().getBalance({ address: address(SWEEPER) });
    expect(balanceBefore - balanceAfter).toBe(prices + receipt.gasUsed * receipt.effectiveGasPrice);

    // The site's indexer records each sale of the one transaction: new owner, listing closed, a sale in the activity.
    for (const card of bought) {
      await expect
        .poll(async () => {
          const after = await get<CardRecord & { activity: { type: string; txHash: string | null }[] }>(
            `/api/v1/cards/1/${card.contractAddress}/${card.tokenId}`,
          );
          const sale = after.activity.some((row) => row.type === 'sale' && row.txHash === sent.hash.toLowerCase());
          return { owner: after.owner, listing: after.listing, sale };
        })
        .toEqual({ owner: address(SWEEPER).toLowerCase(), listing: null, sale: true });
    }

    // The skipped card stays in the cart, flagged; the bought ones left it.
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator('[data-cart-reason]').getAttribute('data-cart-reason')).toBe('filled');
    expect(await page.locator('kf-cart-count').textContent()).toBe('1');
  }, 180_000);
  test('en: two cards added from their token pages, the total per currency, both bought at once', async () => {
    const { items } = await get<{ items: CardItem[] }>(
      '/api/v1/cards?chain_id=1&status=listed&sort=price_asc&per_page=100',
    );
    // Each local account holds 10 WETH (code 4) and 10,000 ATEM (code 7).
    const affordable = (item: CardItem) =>
      item.listing !== null &&
      BigInt(item.listing.currentPrice) <= parseEther(item.listing.currencyCode === 7 ? '10000' : '5');
    const candidates = items.filter((item) => cartable(item, SHOPPER) && affordable(item));
    const coin = candidates.find((item) => item.listing?.currencyCode === ETH);
    const erc20 = candidates.find((item) => item.listing?.currencyCode === 4 || item.listing?.currencyCode === 7);
    if (!coin?.listing || !erc20?.listing)
      throw new Error('the demo catalogue has no Ethereum cards listed in ETH and an ERC-20');
    const token = (
      erc20.listing.currencyCode === 7 ? app.chain.contracts.atem : app.chain.contracts.payment
    ) as Address;
    const tokenBalance = () =>
      reader().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address(SHOPPER)] });

    const { page, wallet } = await walletPage(SHOPPER, 'en-US');
    for (const card of [coin, erc20]) {
      await page.goto(`${app.url}/en/tokens/1/${card.contractAddress}/${card.tokenId}`);
      await hydrated(page, 'TradeActions');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'In cart — remove' }).count()).toBe(1);
    }
    expect(await page.locator('kf-cart-count').textContent()).toBe('2');

    await page.goto(`${app.url}/en/cart`);
    await page.locator('[data-cart-checked="true"]').waitFor();
    await expectNoSeriousA11yViolations(page);
    const total = [coin, erc20].map((card) =>
      priceText(card.listing?.currentPrice ?? '0', card.listing?.currencyCode ?? 0),
    );
    expect(await page.locator('[data-cart-total]').textContent()).toBe(`Total: ${total.join(' + ')}`);
    const before = await tokenBalance();
    await page.getByRole('button', { name: 'Buy 2 cards on Ethereum' }).click();
    await expect.poll(() => page.locator('[data-cart-result]').textContent(), { timeout: 45_000 }).toBe('Bought 2.');

    for (const card of [coin, erc20]) expect(await ownerOf(card)).toBe(address(SHOPPER).toLowerCase());
    expect(before - (await tokenBalance())).toBe(BigInt(erc20.listing.currentPrice));
    const approvals = wallet.transactions.filter(
      (tx) => tx['to']?.toLowerCase() === token.toLowerCase() && tx['data']?.startsWith('0x095ea7b3'),
    );
    expect(approvals).toHaveLength(1);
    expect(await page.getByText('Your cart is empty.').count()).toBe(1);
    expect(await page.locator('kf-cart-count').isHidden()).toBe(true);
  }, 120_000);
});
