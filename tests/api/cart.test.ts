/**
 * `POST /api/v1/cart/check` over HTTP, on the built server pointed at a real anvil chain (chain id 1): a
 * stored listing is buyable with its signed order, its fill simulated from the buyer named or a stand-in (a
 * contract wallet's listing it flags: ../../src/features/trading/cart/cartCheck.server.test.ts); a card the
 * seller gave away is `not_owner`, a sold one `filled`, a counter bump `counter`; a stored order whose
 * signature is not the seller's is `signature`, a timed auction is not sold from a cart, an unknown hash is
 * `unknown`; malformed bodies answer 4xx with a message, never 500.
 */
import { erc721Abi, type Hex, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fulfillOrder } from '../../src/features/trading/seaport/fulfillOrder.ts';
import { incrementCounter } from '../../src/features/trading/seaport/incrementCounter.ts';
import { considerationAt } from '../../src/features/trading/seaport/orderAmounts.ts';
import { orderHash } from '../../src/features/trading/seaport/orderHash.ts';
import { toOrderJson } from '../../src/features/trading/seaport/orderJson.ts';
import { sellOrders } from '../../src/server/db/schema/index.ts';
import type { ApiClient } from '../helpers/api.ts';
import { signListing, type TestMarket } from '../helpers/testMarket.ts';
import { zoneFill } from '../helpers/testZone.ts';
import { payload, startTradingApp, type TradingApp } from './tradingApp.ts';

interface Checked {
  orderHash: string;
  buyable: boolean;
  reason: string | null;
  listing: {
    order: Record<string, unknown>;
    signature: string;
    exchange: string;
    currencyCode: number;
    currentPrice: string;
    contractAddress: string;
    tokenId: string;
    saleType: string;
  } | null;
}

let trading: TradingApp;
let fixture: TestMarket;
let anonymous: ApiClient;
/** Order hashes of the listings made below, by token id. */
const hashes = new Map<number, Hex>();
/** Stored before the server starts: an order signed by someone else, and a timed auction. */
let forged: Hex;
let auction: Hex;

const check = (orderHashes: unknown, chainId: unknown = 1) =>
  anonymous.post<{ chainId: number; orders: Checked[] }>('/api/v1/cart/check', {
    chain_id: chainId === 'none' ? undefined : chainId,
    order_hashes: orderHashes,
  });

/** Stores a listing of `tokenId` through `sell_card` and remembers its hash. */
async function list(tokenId: number, options: { endPrice?: bigint } = {}) {
  const signed = await signListing(fixture, BigInt(tokenId), {
    price: parseEther('1'),
    ...options,
    ...(options.endPrice ? { startOffset: -600n, endOffset: 3_000n } : {}),
  });
  const response = await trading.seller.post('/api/v1/sell_card', payload(signed.input));
  expect(response.status).toBe(201);
  hashes.set(tokenId, orderHash(signed.order));
  return signed;
}

/** A stored row for a signed listing (bypassing `sell_card`, which would refuse it). */
function row(
  market: TestMarket,
  signed: Awaited<ReturnType<typeof signListing>>,
  tokenId: number,
  saleType: 'fixed' | 'auction',
) {
  return {
    chainId: 1,
    contractAddress: market.card.toLowerCase(),
    tokenId: String(tokenId),
    price: signed.input.price.toString(),
    saleType,
    signature: signed.signature,
    sellerAddress: market.market.seller.account.address.toLowerCase(),
    exchange: market.market.contracts.seaport.toLowerCase(),
    currencyCode: signed.input.currency_code,
    order: toOrderJson(signed.order),
    orderHash: orderHash(signed.order),
    startsAt: new Date(Number(signed.order.startTime) * 1000),
    expiresAt: new Date(Number(signed.order.endTime) * 1000),
    status: 'active' as const,
  };
}

beforeAll(async () => {
  trading = await startTradingApp({
    seed: async (db, market) => {
      const other = await signListing(market, 10n, { price: parseEther('1'), signer: market.market.buyer });
      const timed = await signListing(market, 11n, { price: parseEther('1') });
      const rows = await db
        .insert(sellOrders)
        .values([row(market, other, 10, 'fixed'), row(market, timed, 11, 'auction')])
        .returning({ orderHash: sellOrders.orderHash });
      [forged, auction] = rows.map((stored) => stored.orderHash as Hex) as [Hex, Hex];
    },
  });
  ({ fixture } = trading);
  anonymous = trading.app.client();
}, 120_000);

afterAll(async () => {
  await trading?.stop();
});

describe('POST /api/v1/cart/check', () => {
  test('a stored listing is buyable, with its signed order; an unknown hash is unknown', async () => {
    const signed = await list(1);
    const declining = await list(2, { endPrice: parseEther('0.5') });
    const unknown = `0x${'ab'.repeat(32)}`;
    const response = await check([hashes.get(1), hashes.get(2), unknown]);
    expect(response.status).toBe(200);
    expect(response.body.chainId).toBe(1);
    const [fixed, falling, missing] = response.body.orders;
    expect(fixed).toMatchObject({ orderHash: hashes.get(1), buyable: true, reason: null });
    expect(fixed?.listing).toMatchObject({
      signature: signed.signature,
      exchange: fixture.market.contracts.seaport.toLowerCase(),
      currencyCode: signed.input.currency_code,
      currentPrice: parseEther('1').toString(),
      contractAddress: fixture.card.toLowerCase(),
      tokenId: '1',
      saleType: 'fixed',
      order: toOrderJson(signed.order),
    });
    expect(falling).toMatchObject({ buyable: true, reason: null, listing: { saleType: 'declining' } });
    // Simulated from the buyer who will send the cart (the flow names them), the fills go through too.
    const asBuyer = await anonymous.post<{ orders: Checked[] }>('/api/v1/cart/check', {
      chain_id: 1,
      order_hashes: [hashes.get(1), hashes.get(2)],
      buyer: fixture.market.buyer.account.address,
    });
    expect(asBuyer.body.orders.map(({ buyable, reason }) => ({ buyable, reason }))).toEqual([
      { buyable: true, reason: null },
      { buyable: true, reason: null },
    ]);
    const now = BigInt(Math.floor(Date.now() / 1000));
    const price = BigInt(falling?.listing?.currentPrice ?? '0');
    expect(price).toBeLessThan(parseEther('1'));
    expect(price).toBeGreaterThanOrEqual(considerationAt(declining.order, now + 5n));
    expect(missing).toEqual({ orderHash: unknown, buyable: false, reason: 'unknown', listing: null });
  });

  test('a card the seller gave away is not_owner, a sold one filled; the others stay buyable', async () => {
    await list(3);
    const sold = await list(4);
    const { seller, buyer, contracts, mined } = fixture.market;
    await mined(
      await seller.writeContract({
        address: fixture.card,
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [seller.account.address, buyer.account.address, 3n],
      }),
    );
    await mined(
      await fulfillOrder(buyer, {
        seaport: contracts.seaport,
        order: sold.order,
        signature: sold.signature,
        fulfillerConduitKey: contracts.conduitKey,
        extraData: await zoneFill(fixture.market, sold.order, buyer.account.address),
      }),
    );
    const response = await check([hashes.get(3), hashes.get(4), hashes.get(1)]);
    expect(response.body.orders.map(({ reason, buyable }) => ({ reason, buyable }))).toEqual([
      { reason: 'not_owner', buyable: false },
      { reason: 'filled', buyable: false },
      { reason: null, buyable: true },
    ]);
  });

  test('a stored order signed by someone else is signature; a timed auction is not for a cart', async () => {
    const response = await check([forged, auction]);
    expect(response.status).toBe(200);
    expect(response.body.orders.map(({ reason }) => reason)).toEqual(['signature', 'auction']);
  });

  test('after the seller raises the counter, their listings are counter', async () => {
    const { seller, contracts, mined } = fixture.market;
    await mined(await incrementCounter(seller, { seaport: contracts.seaport }));
    const response = await check([hashes.get(1), hashes.get(2)]);
    expect(response.body.orders.map(({ reason }) => reason)).toEqual(['counter', 'counter']);
  });

  test('malformed bodies answer 4xx with a message, never 500', async () => {
    const hash = `0x${'cd'.repeat(32)}`;
    const cases: [unknown, unknown, RegExp][] = [
      [undefined, 1, /order_hashes/],
      [[], 1, /order_hashes: must name at least one order/],
      [Array.from({ length: 31 }, (_, i) => `0x${i.toString(16).padStart(64, '0')}`), 1, /at most 30/],
      [[hash, hash.toUpperCase().replace('0X', '0x')], 1, /twice/],
      [['0x1234'], 1, /32-byte hex order hash/],
      [[{ hash }], 1, /order_hashes/],
      ['0xabc', 1, /order_hashes/],
      [[hash], 'none', /chain_id: is required/],
      [[hash], '1; drop table', /chain_id/],
      [[hash], 999, /chain_id: 999 is not one of/],
    ];
    for (const [orderHashes, chainId, message] of cases) {
      const response = await check(orderHashes, chainId);
      expect(response.status, JSON.stringify(orderHashes)).toBe(422);
      expect(response.body as unknown as { message: string }).toMatchObject({
        message: expect.stringMatching(message),
      });
    }
    const badBuyer = await anonymous.post('/api/v1/cart/check', { chain_id: 1, order_hashes: [hash], buyer: '0x12' });
    expect(badBuyer.status).toBe(422);
    expect(badBuyer.body).toMatchObject({ message: expect.stringMatching(/buyer/) });
    const notJson = await anonymous.request('POST', '/api/v1/cart/check', { rawBody: '{"chain_id":' });
    expect(notJson.status).toBe(400);
    const array = await anonymous.request('POST', '/api/v1/cart/check', { rawBody: '[1,2]' });
    expect(array.status).toBe(422);
  });
});
