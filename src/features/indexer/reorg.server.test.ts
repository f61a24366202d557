/**
 * A reorganisation deeper than the confirmation depth, made on a real anvil chain (snapshot, sale, revert,
 * other blocks): the indexer notices the changed block and rolls back the sale, the transfer and the listing's
 * end it had recorded from the orphaned blocks, the ledger reverses the revenue it booked (deleting nothing),
 * then the canonical chain is indexed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Hex, parseEther } from 'viem';
import { beforeAll, expect, test } from 'vitest';
import {
  cards,
  cardTransfers,
  collectionDailyStats,
  fillBookings,
  revenues,
  sales,
  sellOrders,
} from '~/server/db/schema';
import { fileTestMarket } from '../../../tests/helpers/fileMarket';
import { seedCatalogue, signListing, storedListing, TEST_FEE_RECIPIENT } from '../../../tests/helpers/testMarket';
import { fulfillOrder } from '../trading/seaport/fulfillOrder';
import { syncChain } from './indexChain.server';

const { fixture, database } = fileTestMarket();
const deps = {
  settings: { confirmations: 2, finalityBlocks: 2, batchBlocks: 5_000, pollMs: 50, startBlock: 0n },
  feeRecipient: TEST_FEE_RECIPIENT,
};

beforeAll(async () => {
  await seedCatalogue(database.db, fixture);
}, 60_000);

const rpc = (method: string, params: unknown[] = []) =>
  fixture.market.publicClient.request({ method, params } as never) as Promise<unknown>;

test('a sale from blocks a deep reorganisation threw away is rolled back, and the listing is buyable again', async () => {
  const { db } = database;
  const { seller, buyer, contracts, mined } = fixture.market;
  const ownerOfCard1 = async () =>
    (
      await db
        .select({ owner: cards.ownerAddress })
        .from(cards)
        .where(and(eq(cards.chainId, 1), eq(cards.tokenId, '1')))
    )[0]?.owner;
  // The collection's daily stats in ETH (the sale's day): what the market pages read.
  const soldToday = () =>
    db
      .select({ volume: collectionDailyStats.volume, sales: collectionDailyStats.sales })
      .from(collectionDailyStats)
      .where(eq(collectionDailyStats.currencyCode, 2));

  await rpc('anvil_mine', ['0x3']);
  await syncChain(db, fixture.chain, deps);
  expect(await ownerOfCard1()).toBe(seller.account.address.toLowerCase());
  const snapshot = (await rpc('evm_snapshot')) as Hex;

  const { order, signature } = await signListing(fixture, 1n, { price: parseEther('1') });
  const listing = storedListing(fixture, 1n, parseEther('1'), { order, signature });
  const hash = listing.orderHash;
  await db.insert(sellOrders).values(listing);
  const receipt = await mined(
    await fulfillOrder(buyer, {
      seaport: contracts.seaport,
      order,
      signature,
      fulfillerConduitKey: contracts.conduitKey,
    }),
  );
  await rpc('anvil_mine', ['0x3']);
  await syncChain(db, fixture.chain, deps);
  expect(await ownerOfCard1()).toBe(buyer.account.address.toLowerCase());
  expect(await db.select().from(sales)).toHaveLength(1);
  expect(await db.select().from(revenues)).toHaveLength(1);
  expect(await soldToday()).toEqual([{ volume: parseEther('1').toString(), sales: 1 }]);
  const [sold] = await db.select({ status: sellOrders.status }).from(sellOrders).where(eq(sellOrders.orderHash, hash));
  expect(sold?.status).toBe('sold');

  // The chain forgets the sale's blocks; the indexer looks while it is shorter than its cursor (the moment
  // between a node's switch and its next block), then it grows past them on another branch.
  expect(await rpc('evm_revert', [snapshot])).toBe(true);
  await syncChain(db, fixture.chain, deps);
  expect(await db.select().from(sales)).toEqual([]);
  await rpc('anvil_mine', ['0xa']);
  await syncChain(db, fixture.chain, deps);

  expect(await db.select().from(sales)).toEqual([]);
  // The ledger deletes nothing: the sale's entry stands beside its reversal, and they sum to nothing.
  const entries = await db.select().from(revenues).orderBy(revenues.id);
  expect(entries.map((entry) => [entry.entry, entry.amount])).toEqual([
    ['sale', entries[0]?.amount],
    ['reorg', `-${entries[0]?.amount}`],
  ]);
  expect(entries[1]?.reversesId).toBe(entries[0]?.id);
  expect((await db.select().from(fillBookings))[0]?.reversedAt).toBeInstanceOf(Date);
  expect(await soldToday()).toEqual([{ volume: '0', sales: 0 }]);
  expect(await ownerOfCard1()).toBe(seller.account.address.toLowerCase());
  const [reopened] = await db
    .select({ status: sellOrders.status, closedAt: sellOrders.closedAt })
    .from(sellOrders)
    .where(eq(sellOrders.orderHash, hash));
  expect(reopened).toEqual({ status: 'active', closedAt: null });
  const orphaned = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cardTransfers)
    .where(eq(cardTransfers.txHash, receipt.transactionHash.toLowerCase()));
  expect(orphaned[0]?.n).toBe(0);
  // What both branches hold (the mints) is still there.
  expect((await db.select().from(cardTransfers)).length).toBeGreaterThanOrEqual(20);
}, 60_000);
