/**
 * A reorganisation deeper than the confirmation depth, made on a real anvil chain (snapshot, sale, revert,
 * other blocks): the indexer notices the changed block and rolls back the sale, the transfer and the listing's
 * end it had recorded from the orphaned blocks, the ledger reverses the revenue it booked (deleting nothing),
 * then the canonical chain is indexed; a design's freeze seen in orphaned blocks is undone.
 */
import { and, eq, sql } from 'drizzle-orm';
import { createWalletClient, type Hex, http, parseEther } from 'viem';
import { beforeAll, expect, test } from 'vitest';
import { fileTestMarket } from '#tests/helpers/fileMarket';
import { seedCatalogue, signListing, storedListing, TEST_FEE_RECIPIENT } from '#tests/helpers/testMarket';
import { recordDesign } from '~/features/media/mediaRecords.server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { fulfillOrder } from '~/features/trading/seaport/fulfillOrder';
import {
  cards,
  cardTransfers,
  collectionDailyStats,
  fillBookings,
  mediaDesigns,
  revenues,
  sales,
  sellOrders,
} from '~/server/db/schema';
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

test('a design freeze from blocks a reorganisation threw away is undone; the URI the chain keeps stays recorded', async () => {
  const { db } = database;
  const { deployer, mined, chain, anvil } = fixture.market;
  const uri = 'ipfs://bafybeibu2gcf227udyjuz3lmh3vijqoz3inzjxpaxueyxs2fdosbmbvlxq';
  const key = { chainId: 1, contract: fixture.card, designId: 1n };
  await recordDesign(db, key, { metadataCid: uri.slice('ipfs://'.length), imageCids: [], files: {} });
  const design = () => db.select().from(mediaDesigns).where(eq(mediaDesigns.designId, '1'));
  await mined(
    await deployer.writeContract({
      address: fixture.card,
      abi: cardAbi,
      functionName: 'setDesignURI',
      args: [1n, uri],
    }),
  );
  await rpc('anvil_mine', ['0x3']);
  await syncChain(db, fixture.chain, deps);
  expect((await design())[0]).toMatchObject({ uriOnChain: uri, frozenAt: null });
  const snapshot = (await rpc('evm_snapshot')) as Hex;

  const creator = createWalletClient({ account: fixture.creator, chain, transport: http(anvil.rpcUrl) });
  await mined(
    await creator.writeContract({
      address: fixture.card,
      abi: cardAbi,
      functionName: 'freezeDesignURI',
      args: [1n, [1n, 2n]],
    }),
  );
  await rpc('anvil_mine', ['0x3']);
  await syncChain(db, fixture.chain, deps);
  expect((await design())[0]?.frozenAt).toBeInstanceOf(Date);

  expect(await rpc('evm_revert', [snapshot])).toBe(true);
  await rpc('anvil_mine', ['0xa']);
  await syncChain(db, fixture.chain, deps);
  expect((await design())[0]).toMatchObject({ uriOnChain: uri, frozenAt: null, frozenBlock: null });
}, 60_000);
