/**
 * Market data over HTTP against the built server: a collection's stats per period (owners, listed share, floor,
 * volume and sales against the previous period) and price history, and a card's last sale, rarity and price
 * history, on a hand-computed fixture (sales placed relative to now, so the periods hold whenever this runs).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recordAllFloors, refreshDailyStats } from '../../src/features/market/dailyStats.server.ts';
import { rankCollection } from '../../src/features/market/rarity.server.ts';
import { storeRates } from '../../src/features/market/rates/rates.server.ts';
import type { CollectionStats } from '../../src/features/market/stats.server.ts';
import { cards, categories, sales, sellOrders } from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { type App, startApp } from '../helpers/api.ts';

const ETH = 10n ** 18n;
const eth = (n: number) => (BigInt(n) * ETH).toString();
const CONTRACT = `0x${'5e'.repeat(20)}`;
const [A, B, C] = ['a1', 'b2', 'c3'].map((byte) => `0x${byte.repeat(20)}`) as [string, string, string];
const HOUR = 3600_000;
const DAY = 24 * HOUR;
let app: App;
let collectionId = 0;

/**
 * Four cards (A holds two, B and C one: 3 owners, 75 %), one open listing of card 1 at 2 ETH by its owner (1
 * listed, 25 %, floor 2 ETH). Sales: 1 ETH 1 h ago and 2 ETH 20 h ago (last 24 h: 3 ETH, 2 sales), 2 ETH 30 h ago
 * (the 24 h before: 2 ETH, 1 sale), 4 ETH 10 days ago (the 7 days before this week), 5 ETH 40 days ago (the 30
 * days before this month). So 7 d: 5 ETH / 3 sales against 4 ETH / 1 (+25 %, +200 %); 30 d: 9 ETH / 4 against
 * 5 ETH / 1 (+80 %, +300 %); all: 14 ETH / 5.
 */
async function seed(db: Database): Promise<void> {
  const now = Date.now();
  const [category] = await db
    .insert(categories)
    .values({ chainId: 1, contractAddress: CONTRACT, name: '相場テスト', nameEn: 'Market test' })
    .returning({ id: categories.id });
  collectionId = Number(category?.id);
  const traits = (color: string) => ({ attributes: [{ trait_type: 'Color', value: color }] });
  await db.insert(cards).values(
    (
      [
        [A, 'Red'],
        [A, 'Red'],
        [B, 'Red'],
        [C, 'Gold'],
      ] as const
    ).map(([owner, color], i) => ({
      chainId: 1,
      contractAddress: CONTRACT,
      tokenId: String(i + 1),
      ownerAddress: owner,
      name: `Card ${i + 1}`,
      categoryId: collectionId,
      metadata: traits(color),
    })),
  );
  await db.insert(sellOrders).values({
    chainId: 1,
    contractAddress: CONTRACT,
    tokenId: '1',
    price: eth(2),
    signature: '0x',
    sellerAddress: A,
    exchange: CONTRACT,
    currencyCode: 2,
    order: {},
    orderHash: `0x${'77'.repeat(32)}`,
    startsAt: new Date(now - DAY),
    expiresAt: new Date(now + 30 * DAY),
  });
  const sold: [number, number, number][] = [
    [1, 5, 40 * DAY],
    [4, 4, 10 * DAY],
    [3, 2, 30 * HOUR],
    [2, 2, 20 * HOUR],
    [1, 1, HOUR],
  ];
  for (const [i, [tokenId, price, ago]] of sold.entries()) {
    const soldAt = new Date(now - ago);
    await db.insert(sales).values({
      chainId: 1,
      contractAddress: CONTRACT,
      tokenId: String(tokenId),
      buyerAddress: B,
      sellerAddress: A,
      price: eth(price),
      currencyCode: 2,
      txHash: `0x${(i + 1).toString(16).padStart(64, '0')}`,
      blockNumber: i + 1,
      logIndex: 0,
      soldAt,
    });
    await refreshDailyStats(db, { chainId: 1, contractAddress: CONTRACT }, [soldAt]);
  }
  // What the leader does every hour: today's floor recorded. (A sale records it too, but only on the day of the
  // sale: in the first hour of a Tokyo day the last sale, an hour ago, is yesterday's.)
  await recordAllFloors(db);
  await rankCollection(db, collectionId);
  // ETH at ¥500,000, read a minute ago (fresh).
  await storeRates(db, [{ currencyCode: 2, jpy: 500_000, observedAt: new Date(now - 60_000), source: 'test' }]);
}

beforeAll(async () => {
  app = await startApp({ seed });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const get = <T>(path: string) => app.client().get<T>(path);

describe('GET /api/v1/collections/{id}/stats', () => {
  test('answers owners, supply, listed share and floor', async () => {
    const res = await get<CollectionStats>(`/api/v1/collections/${collectionId}/stats?period=24h`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      period: '24h',
      supply: 4,
      owners: 3,
      ownersShare: 75,
      listed: 1,
      listedShare: 25,
    });
    expect(res.body.floor).toEqual([{ currencyCode: 2, amount: eth(2) }]);
    expect(res.body.bestOffer).toBeNull();
  });

  test('answers volume and sales per period against the previous period', async () => {
    const volume = async (period: string) =>
      (await get<CollectionStats>(`/api/v1/collections/${collectionId}/stats?period=${period}`)).body.volume;
    expect(await volume('24h')).toEqual([
      {
        currencyCode: 2,
        amount: eth(3),
        sales: 2,
        previous: { amount: eth(2), sales: 1 },
        change: { volume: 50, sales: 100 },
      },
    ]);
    expect(await volume('7d')).toEqual([
      {
        currencyCode: 2,
        amount: eth(5),
        sales: 3,
        previous: { amount: eth(4), sales: 1 },
        change: { volume: 25, sales: 200 },
      },
    ]);
    expect((await volume('30d'))[0]).toMatchObject({ amount: eth(9), sales: 4, change: { volume: 80, sales: 300 } });
    expect(await volume('all')).toEqual([{ currencyCode: 2, amount: eth(14), sales: 5, previous: null, change: null }]);
  });

  test('refuses another period with 422 and an unknown collection with 404', async () => {
    const bad = await get<{ message: string }>(`/api/v1/collections/${collectionId}/stats?period=1y`);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/period/);
    expect((await get(`/api/v1/collections/999999/stats`)).status).toBe(404);
  });
});

describe('price history', () => {
  test('a collection answers its days, oldest first, with the volume of each', async () => {
    const res = await get<{ days: { day: string; volume: string; sales: number; floor: string | null }[] }>(
      `/api/v1/collections/${collectionId}/price_history`,
    );
    expect(res.status).toBe(200);
    const sold = res.body.days.filter((day) => day.sales > 0);
    expect(sold.reduce((sum, day) => sum + BigInt(day.volume), 0n)).toBe(14n * ETH);
    expect(sold.reduce((sum, day) => sum + day.sales, 0)).toBe(5);
    expect(res.body.days.map((day) => day.day)).toEqual([...res.body.days.map((day) => day.day)].sort());
    // The floor is recorded on today's row.
    expect(res.body.days.at(-1)?.floor).toBe(eth(2));
  });

  test('a card answers its sales and its listings’ asks, oldest first; 404 for no such card', async () => {
    const res = await get<{ sales: { price: string; from: string; to: string }[]; asks: { price: string }[] }>(
      `/api/v1/cards/1/${CONTRACT}/1/price_history`,
    );
    expect(res.status).toBe(200);
    expect(res.body.sales.map((sale) => sale.price)).toEqual([eth(5), eth(1)]);
    expect(res.body.sales[0]).toMatchObject({ from: A, to: B, currencyCode: 2, txHash: `0x${'1'.padStart(64, '0')}` });
    expect(res.body.asks.map((ask) => ask.price)).toEqual([eth(2)]);
    expect(res.body.asks[0]).toMatchObject({ currencyCode: 2, status: 'active', at: expect.stringMatching(/Z$/) });
    expect((await get(`/api/v1/cards/1/${CONTRACT}/99/price_history`)).status).toBe(404);
  });
});

describe('rarity in the card list', () => {
  test('each card carries its rank, and sort=rarity puts the rarest first', async () => {
    const res = await get<{ items: { tokenId: string; rarity: { rank: number; of: number } | null }[] }>(
      `/api/v1/cards?category_id=${collectionId}&sort=rarity`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((card) => card.tokenId)).toEqual(['4', '3', '2', '1']);
    expect(res.body.items.map((card) => card.rarity?.rank)).toEqual([1, 2, 2, 2]);
  });
});

describe('GET /api/v1/cards/{chain_id}/{contract}/{token_id}', () => {
  test('gains the last sale and the rarity rank, prices with about how many yen', async () => {
    const one = await get<{ lastSale: unknown; rarity: unknown; listing: unknown }>(`/api/v1/cards/1/${CONTRACT}/1`);
    expect(one.status).toBe(200);
    // The newest of its two sales (1 ETH an hour ago, the fifth of the fixture), its time in ISO form.
    expect(one.body.lastSale).toMatchObject({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      txHash: `0x${'5'.padStart(64, '0')}`,
      price: eth(1),
      currencyCode: 2,
      from: A,
      to: B,
      jpy: 500_000,
      priceJpy: 500_000,
    });
    // Every price of the listing has its yen beside it; the short `jpy` is what a buyer pays now.
    expect(one.body.listing).toMatchObject({
      currentPrice: eth(2),
      jpy: 1_000_000,
      priceJpy: 1_000_000,
      startPriceJpy: 1_000_000,
      endPriceJpy: 1_000_000,
      currentPriceJpy: 1_000_000,
    });
    // Gold is one card of four: the rarest; the three reds tie at rank 2.
    expect(one.body.rarity).toEqual({ rank: 2, of: 4 });
    const gold = await get<{ rarity: unknown }>(`/api/v1/cards/1/${CONTRACT}/4`);
    expect(gold.body.rarity).toEqual({ rank: 1, of: 4 });
  });
});
