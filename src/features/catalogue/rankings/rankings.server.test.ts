import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { recordAllFloors } from '~/features/market/dailyStats.server.ts';
import { addDays, tokyoDay } from '~/features/market/periods.ts';
import { freshYenRates } from '~/features/market/rates/yen.ts';
import { cards, categories, collectionDailyStats, sales, sellOrders } from '~/server/db/schema';
import { getRanking, type RankingQuery, rankingQuerySchema } from './rankings.server.ts';

const UNIT = 10n ** 18n;
const X = `0x${'a1'.repeat(20)}`; // on Ethereum (1)
const Y = `0x${'b2'.repeat(20)}`; // on Polygon (137)
const Z = `0x${'c3'.repeat(20)}`; // on Ethereum, no floor recorded before
const SELLER = `0x${'d4'.repeat(20)}`;
const NOW = new Date();
const TODAY = tokyoDay(NOW);
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3600_000);
// Yen per unit, observed just now: ETH (and WETH) 500,000, POL 80.
const RATES = freshYenRates(
  new Map([
    [2, { jpy: 500_000, observedAt: NOW }],
    [6, { jpy: 80, observedAt: NOW }],
  ]),
  NOW,
);

const database = fileTestDatabase();
const ids: Record<string, number> = {};
let n = 0;

const query = (extra: Partial<RankingQuery>): RankingQuery => ({
  period: '7d',
  kind: 'categories',
  chainId: null,
  sort: 'sales',
  ...extra,
});

async function sell(chainId: number, contract: string, price: bigint, currencyCode: number, soldAt: Date) {
  n += 1;
  await database.db.insert(sales).values({
    chainId,
    contractAddress: contract,
    tokenId: String(n),
    buyerAddress: `0x${'e5'.repeat(20)}`,
    sellerAddress: SELLER,
    price: price.toString(),
    currencyCode,
    txHash: `0x${n.toString(16).padStart(64, '0')}`,
    blockNumber: n,
    logIndex: 0,
    soldAt,
  });
}

async function list(chainId: number, contract: string, tokenId: number, price: bigint, currencyCode: number) {
  n += 1;
  await database.db
    .insert(cards)
    .values({ chainId, contractAddress: contract, tokenId: String(tokenId), ownerAddress: SELLER });
  await database.db.insert(sellOrders).values({
    chainId,
    contractAddress: contract,
    tokenId: String(tokenId),
    price: price.toString(),
    signature: '0x',
    sellerAddress: SELLER,
    exchange: contract,
    currencyCode,
    order: {},
    orderHash: `0x${n.toString(16).padStart(64, '0')}`,
    startsAt: hoursAgo(1000),
    expiresAt: new Date(NOW.getTime() + 86_400_000),
  });
}

async function floorOn(chainId: number, contract: string, daysAgo: number, floor: bigint, currencyCode: number) {
  await database.db.insert(collectionDailyStats).values({
    chainId,
    contractAddress: contract,
    day: addDays(TODAY, -daysAgo),
    currencyCode,
    floor: floor.toString(),
  });
}

beforeAll(async () => {
  for (const [name, chainId, contract] of [
    ['x', 1, X],
    ['y', 137, Y],
    ['z', 1, Z],
  ] as const) {
    const [row] = await database.db
      .insert(categories)
      .values({ chainId, contractAddress: contract, name })
      .returning({ id: categories.id });
    ids[name] = Number(row?.id);
  }
  // Last 24 h: X sold 1 ETH and 1 WETH (2 sales, ¥1,000,000); Y sold 100 POL three times (3 sales, ¥24,000).
  await sell(1, X, UNIT, 2, hoursAgo(2));
  await sell(1, X, UNIT, 4, hoursAgo(3));
  for (const hours of [1, 4, 5]) await sell(137, Y, 100n * UNIT, 6, hoursAgo(hours));
  // Floors recorded before: X 2 ETH 8 days ago and 1 ETH 3 days ago; Y 100 POL 10 days ago.
  await floorOn(1, X, 8, 2n * UNIT, 2);
  await floorOn(1, X, 3, UNIT, 2);
  await floorOn(137, Y, 10, 100n * UNIT, 6);
  // Floors now: X 3 ETH or 2.5 WETH (2.5 in the coin), Y 50 POL, Z 1 ETH (nothing recorded before).
  await list(1, X, 1, 3n * UNIT, 2);
  await list(1, X, 2, (5n * UNIT) / 2n, 4);
  await list(137, Y, 1, 50n * UNIT, 6);
  await list(1, Z, 1, UNIT, 2);
}, 60_000);

const order = (ranking: { items: { category?: { id: number } }[] }) => ranking.items.map((item) => item.category?.id);

describe('rankings', () => {
  it('by sales: the count first; each row with its volume in yen at the fresh rates', async () => {
    const ranking = await getRanking(database.db, query({ period: '24h' }), RATES);
    expect(order(ranking)).toEqual([ids['y'], ids['x']]);
    expect(ranking.items.map((item) => [item.sales, item.jpyVolume])).toEqual([
      [3, 24_000],
      [2, 1_000_000],
    ]);
  });

  it('by volume: the yen total (a wrapped coin at its coin’s rate); without fresh rates, by sales', async () => {
    const ranking = await getRanking(database.db, query({ sort: 'volume' }), RATES);
    expect(order(ranking)).toEqual([ids['x'], ids['y']]);
    const stale = await getRanking(database.db, query({ sort: 'volume' }), {});
    expect(order(stale)).toEqual([ids['y'], ids['x']]);
    expect(stale.items.map((item) => item.jpyVolume)).toEqual([null, null]);
    // Only POL rated: Y has a yen volume, X none, so Y first whatever the count.
    const polOnly = await getRanking(database.db, query({ sort: 'volume' }), { 6: 80 });
    expect(polOnly.items.map((item) => [item.category?.id, item.jpyVolume])).toEqual([
      [ids['y'], 24_000],
      [ids['x'], null],
    ]);
  });

  it('by floor change: from the last floor recorded on or before the period start to the floor now', async () => {
    const week = await getRanking(database.db, query({ sort: 'floor_change' }), RATES, NOW);
    expect(order(week)).toEqual([ids['x'], ids['y']]);
    expect(week.items.map((item) => item.floorChange)).toEqual([
      { currencyCode: 2, previous: (2n * UNIT).toString(), floor: ((5n * UNIT) / 2n).toString(), percent: 25 },
      { currencyCode: 6, previous: (100n * UNIT).toString(), floor: (50n * UNIT).toString(), percent: -50 },
    ]);
    // The sales in the period come along (Z, with no floor before, is not ranked).
    expect(week.items.map((item) => item.sales)).toEqual([2, 3]);
    const day = await getRanking(database.db, query({ period: '24h', sort: 'floor_change' }), RATES, NOW);
    expect(day.items.map((item) => [item.category?.id, item.floorChange?.percent])).toEqual([
      [ids['x'], 150],
      [ids['y'], -50],
    ]);
    const all = await getRanking(database.db, query({ period: 'all', sort: 'floor_change' }), RATES, NOW);
    expect(all.items.map((item) => item.floorChange?.percent)).toEqual([25, -50]);
    const polygon = await getRanking(database.db, query({ sort: 'floor_change', chainId: 137 }), RATES, NOW);
    expect(order(polygon)).toEqual([ids['y']]);
  });

  it('floor change ranks collections only', () => {
    expect(rankingQuerySchema.safeParse({ kind: 'creators', sort: 'floor_change' }).success).toBe(false);
    expect(rankingQuerySchema.parse({ sort: 'volume' })).toEqual(query({ sort: 'volume' }));
  });
});

describe('the hourly floor record', () => {
  it("records every collection's floor per currency as today's, and clears a floor that is gone", async () => {
    await recordAllFloors(database.db, NOW);
    const today = async () =>
      (
        await database.db
          .select({
            contract: collectionDailyStats.contractAddress,
            currency: collectionDailyStats.currencyCode,
            floor: collectionDailyStats.floor,
          })
          .from(collectionDailyStats)
          .where(eq(collectionDailyStats.day, TODAY))
      ).sort((a, b) => `${a.contract}${a.currency}`.localeCompare(`${b.contract}${b.currency}`));
    expect(await today()).toEqual([
      { contract: X, currency: 2, floor: (3n * UNIT).toString() },
      { contract: X, currency: 4, floor: ((5n * UNIT) / 2n).toString() },
      { contract: Y, currency: 6, floor: (50n * UNIT).toString() },
      { contract: Z, currency: 2, floor: UNIT.toString() },
    ]);
    await database.db
      .update(cards)
      .set({ ownerAddress: `0x${'f6'.repeat(20)}` })
      .where(eq(cards.contractAddress, Z));
    await recordAllFloors(database.db, NOW);
    expect((await today()).find((row) => row.contract === Z)?.floor).toBeNull();
  });
});
