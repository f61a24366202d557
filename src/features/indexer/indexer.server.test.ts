/**
 * The chain indexer against a real anvil chain and a real database: a scripted market history (mints, a
 * sale, a transfer, a cancel, a counter bump, a revoked approval) is indexed, and the database must tell
 * the same story however the indexing is cut up: all at once, re-read, interrupted mid-range and resumed,
 * and while another configured chain does not answer.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { erc721Abi, type Hex, parseEther, zeroAddress } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import { fileTestMarket } from '#tests/helpers/fileMarket';
import { transferCard } from '#tests/helpers/localMarket';
import { seedCatalogue, signListing, storedListing, TEST_FEE_RECIPIENT } from '#tests/helpers/testMarket';
import { zoneFill } from '#tests/helpers/testZone';
import type { Chain } from '~/features/chains/chains';
import type { Change } from '~/features/events/tags';
import { expireListings } from '~/features/trading/jobs/listingClock.server';
import { cancelOrders } from '~/features/trading/seaport/cancelOrders';
import { fulfillOrder } from '~/features/trading/seaport/fulfillOrder';
import { incrementCounter } from '~/features/trading/seaport/incrementCounter';
import { cards, collectionDailyStats, indexerCursors, revenues, sales, sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { loadSettings } from '~/server/settings/settings.server';
import { indexRange, syncChain } from './indexChain.server';
import type { IndexerSettings } from './indexerSettings';
import { startIndexer } from './runIndexer.server';

/** Generous: the machine may be busy with other suites (each step takes milliseconds when idle). */
const TIMEOUT = 30_000;
const SETTINGS: IndexerSettings = {
  confirmations: 0,
  finalityBlocks: 0,
  batchBlocks: 5_000,
  pollMs: 50,
  startBlock: 0n,
};
const deps = (settings: Partial<IndexerSettings> = {}) => ({
  settings: { ...SETTINGS, ...settings },
  feeRecipient: TEST_FEE_RECIPIENT,
});

const { fixture, database } = fileTestMarket();
/** Listings of the scripted history, as stored rows to insert into each database. */
const listings: (typeof sellOrders.$inferInsert)[] = [];
const hashes: Record<string, Hex> = {};
let head = 0n;

/** The catalogue with the history's listings and nothing indexed (one database, emptied for each test). */
async function newDatabase(): Promise<Database> {
  const { db } = database;
  await db.execute(
    sql`truncate revenues, fill_bookings, platform_receipts, sales, sell_orders, card_transfers, cards, indexer_cursors restart identity cascade`,
  );
  if (listings.length > 0) await db.insert(sellOrders).values(listings);
  return db;
}

/** The seller lists `tokenId` (stored as sell_card would store it) and returns the order hash. */
async function list(name: string, tokenId: bigint) {
  const signed = await signListing(fixture, tokenId, { price: parseEther('1') });
  const listing = storedListing(fixture, tokenId, parseEther('1'), signed);
  hashes[name] = listing.orderHash;
  listings.push({ ...listing, createdAt: new Date() });
  return signed;
}

/** Plays the market history the tests index. */
async function playHistory(): Promise<void> {
  const { seller, buyer, mined, contracts } = fixture.market;
  const sold = await list('sold', 1n);
  await mined(
    await fulfillOrder(buyer, {
      seaport: contracts.seaport,
      order: sold.order,
      signature: sold.signature,
      fulfillerConduitKey: contracts.conduitKey,
      extraData: await zoneFill(fixture.market, sold.order, buyer.account.address),
    }),
  );
  await list('moved', 2n);
  await transferCard(fixture.market, 2n, fixture.creator.address);
  const cancelled = await list('cancelled', 3n);
  await mined(await cancelOrders(seller, { seaport: contracts.seaport, orders: [cancelled.order] }));
  await list('counted', 4n);
  await mined(await incrementCounter(seller, { seaport: contracts.seaport }));
  await list('revoked', 5n);
  const approve = (approved: boolean) =>
    seller.writeContract({
      address: contracts.card,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [contracts.conduit, approved],
    });
  await mined(await approve(false));
  // Approved for this one card only: its listing stays, even when the revoke's range is read alone.
  await mined(
    await seller.writeContract({
      address: contracts.card,
      abi: erc721Abi,
      functionName: 'approve',
      args: [contracts.conduit, 6n],
    }),
  );
  await list('kept', 6n);
  // Approved for this one card only, then that approval taken back (to the zero address): the listing ends.
  const approveToken = async (to: `0x${string}`, tokenId: bigint) =>
    mined(
      await seller.writeContract({
        address: contracts.card,
        abi: erc721Abi,
        functionName: 'approve',
        args: [to, tokenId],
      }),
    );
  await approveToken(contracts.conduit, 7n);
  await list('singleRevoked', 7n);
  await approveToken(zeroAddress, 7n);
  // A raw request: viem's getBlockNumber may answer a number cached (or still in flight) from the receipt
  // waits above, one block behind, even with cacheTime 0.
  head = BigInt(await fixture.market.publicClient.request({ method: 'eth_blockNumber' }));
}

/** Everything the indexer writes, in a comparable form. */
async function snapshot(db: Database) {
  return {
    owners: await db
      .select({ tokenId: cards.tokenId, owner: cards.ownerAddress })
      .from(cards)
      .orderBy(asc(cards.tokenId)),
    orders: await db
      .select({ hash: sellOrders.orderHash, status: sellOrders.status, closedAt: sellOrders.closedAt })
      .from(sellOrders)
      .orderBy(asc(sellOrders.id)),
    sales: await db
      .select({
        tx: sales.txHash,
        price: sales.price,
        fee: sales.platformFee,
        royalty: sales.royalty,
        buyer: sales.buyerAddress,
      })
      .from(sales),
    revenues: await db.select({ kind: revenues.kind, amount: revenues.amount }).from(revenues),
    daily: await db
      .select({
        currency: collectionDailyStats.currencyCode,
        volume: collectionDailyStats.volume,
        sales: collectionDailyStats.sales,
      })
      .from(collectionDailyStats)
      .where(sql`${collectionDailyStats.sales} > 0`),
    cursor: await db.select({ lastBlock: indexerCursors.lastBlock }).from(indexerCursors),
  };
}

const statusOf = async (db: Database, name: string) =>
  (
    await db
      .select({ status: sellOrders.status })
      .from(sellOrders)
      .where(eq(sellOrders.orderHash, hashes[name] ?? ''))
  )[0]?.status;

let reference: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  await seedCatalogue(database.db, fixture);
  await playHistory();
  const db = await newDatabase();
  await syncChain(db, fixture.chain, deps());
  reference = await snapshot(db);
}, 60_000);

describe('indexing a market history', () => {
  test('owners follow the Transfer events, and cards minted outside the site join their collection', () => {
    expect(reference.owners).toHaveLength(20);
    const ownerOf = (id: string) => reference.owners.find((row) => row.tokenId === id)?.owner;
    expect(ownerOf('1')).toBe(fixture.market.buyer.account.address.toLowerCase());
    expect(ownerOf('2')).toBe(fixture.creator.address.toLowerCase());
    expect(ownerOf('7')).toBe(fixture.market.seller.account.address.toLowerCase());
    expect(reference.cursor[0]?.lastBlock).toBe(Number(head));
  });

  test('a fill becomes a sale with fee and royalty, the listing is sold and the creator’s royalty is booked', () => {
    const price = parseEther('1');
    expect(reference.sales).toEqual([
      {
        tx: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        price: price.toString(),
        fee: ((price * 250n) / 10_000n).toString(),
        royalty: ((price * 500n) / 10_000n).toString(),
        buyer: fixture.market.buyer.account.address.toLowerCase(),
      },
    ]);
    expect(reference.revenues).toEqual([{ kind: 'royalty', amount: ((price * 500n) / 10_000n).toString() }]);
    // The collection's day counts the sale once (the other tests replay and cut the range: the same figures).
    expect(reference.daily).toEqual([{ currency: 2, volume: price.toString(), sales: 1 }]);
    expect(reference.orders.find((row) => row.hash === hashes['sold'])?.status).toBe('sold');
  });

  test('a transferred card, an on-chain cancel, a counter bump and a revoked approval (for all, or for the card) end their listings', () => {
    const status = (name: string) => reference.orders.find((row) => row.hash === hashes[name])?.status;
    expect(status('moved')).toBe('cancelled');
    expect(status('cancelled')).toBe('cancelled');
    expect(status('counted')).toBe('cancelled');
    expect(status('revoked')).toBe('cancelled');
    expect(status('kept')).toBe('active');
    expect(status('singleRevoked')).toBe('cancelled');
    expect(reference.orders.every((row) => (row.status === 'active') === (row.closedAt === null))).toBe(true);
  });

  test(
    'duplicate range: reading the same blocks again changes nothing',
    async () => {
      const db = await newDatabase();
      await syncChain(db, fixture.chain, deps());
      await indexRange(db, fixture.chain, 0n, head, deps());
      await indexRange(db, fixture.chain, head - 5n, head, deps());
      expect(await snapshot(db)).toEqual(reference);
    },
    TIMEOUT,
  );

  test(
    'restart mid-range: a range that fails halfway leaves nothing, and resuming ends where one run ends',
    async () => {
      const db = await newDatabase();
      const crash = () => {
        throw new Error('process killed mid-range');
      };
      await expect(indexRange(db, fixture.chain, 0n, head, { ...deps(), afterApply: crash })).rejects.toThrow(
        'process killed',
      );
      expect(await db.select().from(cards)).toEqual([]);
      expect(await db.select().from(indexerCursors)).toEqual([]);
      expect(await statusOf(db, 'sold')).toBe('active');

      // Small ranges, stopped after the third one: the cursor sits mid-history.
      let ranges = 0;
      await syncChain(db, fixture.chain, { ...deps({ batchBlocks: 3 }), stopped: () => ++ranges > 3 });
      const [cursor] = await db.select().from(indexerCursors);
      expect(cursor?.lastBlock).toBe(8);
      await syncChain(db, fixture.chain, deps({ batchBlocks: 3 }));
      expect(await snapshot(db)).toEqual(reference);
    },
    TIMEOUT,
  );

  test(
    'the seller hears of the sale and of the listing that expired, once each, however often the blocks are read',
    async () => {
      const db = await newDatabase();
      const seller = fixture.market.seller.account.address.toLowerCase();
      await db.execute(sql`insert into users (wallet_address) values (${seller}) on conflict do nothing`);
      await db.execute(sql`delete from notifications`);
      await syncChain(db, fixture.chain, deps());
      await indexRange(db, fixture.chain, 0n, head, deps());
      const later = new Date(Date.now() + 2 * 86_400_000);
      await expireListings(db, later);
      await expireListings(db, later);
      const { rows } = await db.execute<{ kind: string; event_key: string; card: string }>(sql`
        select n.kind, n.event_key, n.params->>'tokenId' as card from notifications n
        join users u on u.id = n.user_id where u.wallet_address = ${seller} order by n.kind`);
      // Token 1 was sold; token 6's listing ('kept') ran out.
      expect(rows.map((row) => [row.kind, row.card])).toEqual([
        ['card_sold', '1'],
        ['listing_ended', '6'],
      ]);
    },
    TIMEOUT,
  );

  test(
    'a catch-up says what each range changed once it committed, before it reads the next, so pages follow it',
    async () => {
      const db = await newDatabase();
      const told: { cursor: number; cards: number }[] = [];
      await syncChain(db, fixture.chain, {
        ...deps({ batchBlocks: 3 }),
        changed: async (change) => {
          const [cursor] = await db.select({ lastBlock: indexerCursors.lastBlock }).from(indexerCursors);
          told.push({ cursor: cursor?.lastBlock ?? -1, cards: change.cards?.length ?? 0 });
        },
      });
      const cursors = told.map((step) => step.cursor);
      expect(told.length).toBeGreaterThan(1);
      expect(cursors).toEqual([...new Set(cursors)].sort((a, b) => a - b));
      expect(cursors[0]).toBeLessThan(Number(head));
      expect(told.some((step) => step.cards > 0)).toBe(true);
    },
    TIMEOUT,
  );

  test(
    'block by block gives the same result as one range',
    async () => {
      const db = await newDatabase();
      await syncChain(db, fixture.chain, deps({ batchBlocks: 1 }));
      expect(await snapshot(db)).toEqual(reference);
    },
    TIMEOUT,
  );

  test(
    'a listing past its end time is marked expired',
    async () => {
      const db = await newDatabase();
      await syncChain(db, fixture.chain, deps());
      const later = new Date(Date.now() + 2 * 86_400_000);
      expect((await expireListings(db, later)).expired).toBe(1);
      expect(await statusOf(db, 'kept')).toBe('expired');
    },
    TIMEOUT,
  );
});

describe('the indexer loop', () => {
  test(
    'RPC down for one chain: the other chain is still indexed, the failure is reported once',
    async () => {
      await newDatabase();
      const down: Chain = {
        ...fixture.chain,
        key: 'BSC',
        chainId: 56,
        chainName: 'Down chain',
        rpcUrls: ['http://127.0.0.1:9'],
      };
      const lines: string[] = [];
      const published: Change[] = [];
      const indexer = startIndexer({
        handle: database,
        chains: [down, fixture.chain],
        environment: 'local',
        feeRecipient: TEST_FEE_RECIPIENT,
        settings: loadSettings({ ...database.env, INDEXER_POLL_MS: '50' }),
        log: (line) => lines.push(line),
        publish: async (change) => {
          published.push(change);
        },
      });
      try {
        await indexer.locked;
        const deadline = Date.now() + 15_000;
        let cursor: { lastBlock: number } | undefined;
        while (Date.now() < deadline) {
          [cursor] = await database.db
            .select({ lastBlock: indexerCursors.lastBlock })
            .from(indexerCursors)
            .where(eq(indexerCursors.chainId, 1));
          if (cursor?.lastBlock === Number(head)) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(cursor?.lastBlock).toBe(Number(head));
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Each job that reads the down chain says so once (following its blocks, re-checking its orders), not each pass.
        const downLines = lines.filter((line) => line.includes('Down chain:'));
        expect(downLines.filter((line) => line.includes('following blocks failed'))).toHaveLength(1);
        expect(new Set(downLines.map((line) => line.split(' failed')[0])).size).toBe(downLines.length);
        // What the indexed chain changed was published by the runner.
        expect(published.some((change) => (change.cards?.length ?? 0) > 0)).toBe(true);
        expect(await database.db.select().from(indexerCursors).where(eq(indexerCursors.chainId, 56))).toEqual([]);
      } finally {
        await indexer.stop();
      }
    },
    TIMEOUT,
  );

  test(
    'one instance at a time: a second indexer on the same database stands by until the first stops',
    async () => {
      await newDatabase();
      const options = {
        handle: database,
        chains: [fixture.chain],
        environment: 'local' as const,
        feeRecipient: TEST_FEE_RECIPIENT,
        settings: loadSettings({ ...database.env, INDEXER_POLL_MS: '50' }),
        lockRetryMs: 50,
        log: () => {},
        publish: async () => {},
      };
      const first = startIndexer(options);
      await first.locked;
      const second = startIndexer(options);
      let secondLocked = false;
      void second.locked.then(() => {
        secondLocked = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondLocked).toBe(false);
      await first.stop();
      await second.locked;
      expect(secondLocked).toBe(true);
      await second.stop();
    },
    TIMEOUT,
  );
});
