import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { cards, categories, sales, sellOrders } from '~/server/db/schema';
import { rebuildDailyStats, refreshDailyStats } from './dailyStats.server.ts';
import { collectionStats, type StatsCollection } from './stats.server.ts';
import { trendingCollections } from './trending.server.ts';

const ETH = 10n ** 18n;
const CONTRACT = `0x${'c1'.repeat(20)}`;
const [A, B, C] = ['a1', 'b2', 'c3'].map((byte) => `0x${byte.repeat(20)}`) as [string, string, string];
// 12:00 in Tokyo on 10 March: today is 03-10, the 7 days are 03-04..03-10, the 7 before 02-25..03-03.
const NOW = new Date('2026-03-10T03:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3600_000);

const database = fileTestDatabase();
let collection: StatsCollection;
let tx = 0;

async function sell(tokenId: number, price: bigint, soldAt: Date, currencyCode = 2) {
  tx += 1;
  await database.db.insert(sales).values({
    chainId: 31_337,
    contractAddress: CONTRACT,
    tokenId: String(tokenId),
    buyerAddress: B,
    sellerAddress: A,
    price: price.toString(),
    currencyCode,
    txHash: `0x${tx.toString(16).padStart(64, '0')}`,
    blockNumber: tx,
    logIndex: 0,
    soldAt,
  });
  await refreshDailyStats(database.db, collection, [soldAt], NOW);
}

beforeAll(async () => {
  const [category] = await database.db
    .insert(categories)
    .values({ chainId: 31_337, contractAddress: CONTRACT, name: 'Stats' })
    .returning({ id: categories.id });
  collection = { id: Number(category?.id), chainId: 31_337, contractAddress: CONTRACT };
  // Four cards: A holds two, B and C one each: 3 owners of 4.
  await database.db.insert(cards).values(
    [A, A, B, C].map((owner, i) => ({
      chainId: 31_337,
      contractAddress: CONTRACT,
      tokenId: String(i + 1),
      ownerAddress: owner,
      categoryId: collection.id,
    })),
  );
  // One open listing by its owner (2 ETH) and one by someone who no longer owns the card: 1 listed, floor 2.
  const listing = (tokenId: number, seller: string, price: bigint, n: number) => ({
    chainId: 31_337,
    contractAddress: CONTRACT,
    tokenId: String(tokenId),
    price: price.toString(),
    signature: '0x',
    sellerAddress: seller,
    exchange: CONTRACT,
    currencyCode: 2,
    order: {},
    orderHash: `0x${n.toString(16).padStart(64, '0')}`,
    startsAt: hoursAgo(100),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await database.db.insert(sellOrders).values([listing(1, A, 2n * ETH, 1), listing(3, A, ETH, 2)]);
  // Last 24 h: 1 + 2 ETH; the 24 h before: 2 ETH. Earlier this week (03-05): 4 ETH; the week before (03-01): 5 ETH.
  await sell(1, ETH, hoursAgo(1));
  await sell(2, 2n * ETH, hoursAgo(20));
  await sell(3, 2n * ETH, hoursAgo(30));
  await sell(4, 4n * ETH, new Date('2026-03-05T03:00:00Z'));
  await sell(1, 5n * ETH, new Date('2026-03-01T03:00:00Z'));
}, 60_000);

describe('collection stats', () => {
  it('counts owners, supply and listed cards with their shares, the floor of listings still owned', async () => {
    const stats = await collectionStats(database.db, collection, '24h', NOW);
    expect(stats).toMatchObject({ supply: 4, owners: 3, ownersShare: 75, listed: 1, listedShare: 25 });
    expect(stats.floor).toEqual([{ currencyCode: 2, amount: (2n * ETH).toString() }]);
  });

  it('gives 24 h volume against the 24 h before', async () => {
    const [eth] = (await collectionStats(database.db, collection, '24h', NOW)).volume;
    expect(eth).toEqual({
      currencyCode: 2,
      amount: (3n * ETH).toString(),
      sales: 2,
      previous: { amount: (2n * ETH).toString(), sales: 1 },
      change: { volume: 50, sales: 100 },
    });
  });

  it('gives 7 d volume from the daily aggregates against the 7 days before, and all time without a change', async () => {
    const [week] = (await collectionStats(database.db, collection, '7d', NOW)).volume;
    expect(week).toMatchObject({
      amount: (9n * ETH).toString(),
      sales: 4,
      previous: { amount: (5n * ETH).toString() },
    });
    expect(week?.change).toEqual({ volume: 80, sales: 300 });
    const [all] = (await collectionStats(database.db, collection, 'all', NOW)).volume;
    expect(all).toMatchObject({ amount: (14n * ETH).toString(), sales: 5, previous: null, change: null });
  });

  it('leaves the same figures when the days are rebuilt from the sales', async () => {
    const before = await collectionStats(database.db, collection, '30d', NOW);
    await rebuildDailyStats(database.db, collection, NOW);
    expect(await collectionStats(database.db, collection, '30d', NOW)).toEqual(before);
    expect(before.volume[0]).toMatchObject({ amount: (14n * ETH).toString(), sales: 5 });
  });
});

describe('trending collections', () => {
  it('puts the largest rise of the week in volume first, in percent whatever the currency', async () => {
    const other = `0x${'d2'.repeat(20)}`;
    const [category] = await database.db
      .insert(categories)
      .values({ chainId: 56, contractAddress: other, name: 'Rising' })
      .returning({ id: categories.id });
    // BNB: 1 the week before, 3 this week: +200 %, against the ETH collection's +80 % (9 against 5).
    for (const [price, at] of [
      [ETH, new Date('2026-03-01T03:00:00Z')],
      [3n * ETH, hoursAgo(2)],
    ] as const) {
      tx += 1;
      await database.db.insert(sales).values({
        chainId: 56,
        contractAddress: other,
        tokenId: '1',
        buyerAddress: B,
        sellerAddress: A,
        price: price.toString(),
        currencyCode: 3,
        txHash: `0x${tx.toString(16).padStart(64, '0')}`,
        blockNumber: tx,
        logIndex: 0,
        soldAt: at,
      });
      await refreshDailyStats(database.db, { chainId: 56, contractAddress: other }, [at], NOW);
    }
    expect(await trendingCollections(database.db, 5, NOW)).toEqual([
      { id: Number(category?.id), change: 200 },
      { id: collection.id, change: 80 },
    ]);
  });
});
