/**
 * Indexes one chain from its stored cursor up to the confirmed head (head minus the confirmation depth), in
 * ranges of at most `batchBlocks` blocks. Each range's events and the cursor move in one database
 * transaction: a crash mid-range leaves nothing of that range behind, and the next run reads it again.
 *
 * Before moving on, the stored cursor's block hash is compared with the chain's: a different hash (a
 * reorganisation deeper than the confirmation depth), or a chain shorter than the cursor (a reorganisation to a
 * shorter branch, or a local chain started afresh), rewinds the cursor by a safe margin and rolls back what was
 * recorded from the blocks after it (./reorg.server.ts). Re-reading blocks is harmless: applying a range
 * twice changes nothing. Each committed step (a range, a roll-back) says what it changed through `deps.changed` at
 * once (the job runner publishes it), so pages follow a long catch-up range by range.
 *
 * @see docs/architecture.md "Chain data"
 */
import { eq } from 'drizzle-orm';
import { type Address, erc721Abi, type Hex, type PublicClient } from 'viem';
import { isDeployedAddress } from '~/features/chains/chainConfig';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor } from '~/features/chains/publicClients.server';
import type { Change } from '~/features/events/tags';
import { followedOfferFunds } from '~/features/trading/offer/checkOffers.server';
import { isListable, type ListableQuery, operatorFor } from '~/features/trading/orders/listingState.server';
import { ItemType } from '~/features/trading/seaport/seaportTypes';
import { categories } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { applyExchangeEvents } from './applyExchange.server';
import { applyMetadataEvents } from './applyMetadata.server';
import { applyCardEvents, type KnownContract } from './applyTransfers.server';
import { type ChainEvent, readChainEvents } from './chainEvents.server';
import { type Cursor, readCursor, writeCursor } from './cursor.server';
import { inflowsOf } from './fillProof.server';
import type { IndexerSettings } from './indexerSettings';
import { changeOfRange } from './rangeChanges.server';
import { type OwnerAt, rollBackAfter } from './reorg.server';

/** What indexing a chain needs besides the database and the chain. */
export interface IndexChainDeps {
  settings: IndexerSettings;
  feeRecipient: Address | undefined;
  /** The platform's payment address: what reaches it for an illustrator is payable. */
  paymentAddress?: Address | undefined;
  /** Read client (default: the chain's shared public client). */
  client?: PublicClient;
  /** Called inside each range's transaction after its events are applied (tests make it fail). */
  afterApply?: (range: { from: bigint; to: bigint }) => Promise<void> | void;
  /** Stops between ranges when it answers true. */
  stopped?: () => boolean;
  /** The chain's final block as of this pass (the head less the finality depth), stored with each range's cursor. */
  finalBlock?: bigint;
  /** Told what each committed range or roll-back changed, at once (the job's `control.changed`). None: no one. */
  changed?: (change: Change) => Promise<void>;
}

/** What one {@link indexRange} did. */
export interface RangeResult {
  from: bigint;
  to: bigint;
  events: number;
  transfers: number;
}

/** A block time cache per process and chain (a few thousand entries). */
const blockTimes = new Map<string, Date>();

function blockTimeOf(client: PublicClient, chainId: number) {
  return async (blockNumber: bigint): Promise<Date> => {
    const key = `${chainId}:${blockNumber}`;
    let time = blockTimes.get(key);
    if (time === undefined) {
      const block = await client.getBlock({ blockNumber });
      time = new Date(Number(block.timestamp) * 1000);
      if (blockTimes.size > 5_000) blockTimes.clear();
      blockTimes.set(key, time);
    }
    return time;
  };
}

/**
 * The ERC-20 tokens sent to the payment address by each transaction whose fill says it paid the payment address
 * an offer's unspent tokens (../ledger believes only what these transfers prove), read before the transaction.
 */
async function paymentInflows(client: PublicClient, events: readonly ChainEvent[], paymentAddress?: Address) {
  const inflows = new Map<Hex, Map<string, bigint>>();
  if (!paymentAddress) return inflows;
  const hashes = new Set(
    events
      .filter(
        (event) =>
          event.kind === 'fulfilled' &&
          event.recipient.toLowerCase() === paymentAddress.toLowerCase() &&
          event.offer.some((item) => item.itemType === ItemType.ERC20),
      )
      .map((event) => event.txHash),
  );
  for (const hash of hashes) inflows.set(hash, await inflowsOf(client, hash, paymentAddress));
  return inflows;
}

/** `events` (in chain order) cut into runs of one block each. */
function byBlock(events: readonly ChainEvent[]): ChainEvent[][] {
  const groups: ChainEvent[][] = [];
  for (const event of events) {
    const last = groups[groups.length - 1];
    if (last?.[0]?.blockNumber === event.blockNumber) last.push(event);
    else groups.push([event]);
  }
  return groups;
}

/** The catalogue's card contracts on `chainId`, by lower-case address. */
async function knownContracts(db: Database, chainId: number): Promise<Map<string, KnownContract>> {
  const rows = await db
    .select({ id: categories.id, contract: categories.contractAddress, creatorId: categories.creatorId })
    .from(categories)
    .where(eq(categories.chainId, chainId));
  return new Map(rows.map((row) => [row.contract, { categoryId: row.id, creatorId: row.creatorId }]));
}

/**
 * Reads and applies the events of blocks `from..to` and moves the cursor to `to`, in one transaction.
 * Re-running a range changes nothing.
 */
export async function indexRange(
  db: Database,
  chain: Chain,
  from: bigint,
  to: bigint,
  deps: IndexChainDeps,
): Promise<RangeResult> {
  const client = deps.client ?? publicClientFor(chain);
  const contracts = await knownContracts(db, chain.chainId);
  const seaport = isDeployedAddress(chain.contracts.exchange) ? chain.contracts.exchange : undefined;
  const offerFunds = await followedOfferFunds(db, chain);
  const [events, toBlock] = await Promise.all([
    readChainEvents(client, {
      cards: [...contracts.keys()] as Address[],
      seaport,
      fromBlock: from,
      toBlock: to,
      offerFunds,
    }),
    client.getBlock({ blockNumber: to }),
  ]);
  const blockTime = blockTimeOf(client, chain.chainId);
  // Fills and transfers need their block's time; read them before the transaction opens, so it stays short.
  const timed = new Set(
    events.filter((event) => ['fulfilled', 'transfer', 'designUri'].includes(event.kind)).map((e) => e.blockNumber),
  );
  await Promise.all([...timed].map((blockNumber) => blockTime(blockNumber)));
  const inflows = await paymentInflows(client, events, deps.paymentAddress);
  const context = {
    chain,
    chainId: chain.chainId,
    contracts,
    blockTime,
    feeRecipient: deps.feeRecipient,
    paymentAddress: deps.paymentAddress,
    operatorOf: (exchange: Address, conduitKey: Hex) => operatorFor(client, exchange, conduitKey),
    isListable: (query: ListableQuery) => isListable(client, query),
    inflows: async (txHash: Hex) => inflows.get(txHash) ?? new Map<string, bigint>(),
  };
  await db.transaction(async (tx) => {
    // Block by block, so what ends an order first on the chain ends it here too, however the blocks are
    // split into ranges (a counter bump in one block and an approval revoked in the next).
    for (const group of byBlock(events)) {
      await applyCardEvents(tx, context, group);
      await applyExchangeEvents(tx, context, group);
      await applyMetadataEvents(tx, context, group);
    }
    await deps.afterApply?.({ from, to });
    await writeCursor(tx, chain.chainId, { lastBlock: to, lastBlockHash: toBlock.hash }, deps.finalBlock);
  });
  // Committed: the pages showing what changed are dropped, open live pages told, other servers notified.
  if (events.length > 0) {
    // The range is committed: its pages must drop even if working out which ones fails (then all of them).
    const change = await changeOfRange(db, chain.chainId, { from, to }, events).catch((error: unknown) => {
      console.error('[indexer] finding the pages a range changed failed; dropping every catalogue page:', error);
      return { lists: true, allCards: true };
    });
    await deps.changed?.(change);
  }
  return { from, to, events: events.length, transfers: events.filter((event) => event.kind === 'transfer').length };
}

/** The cursor to continue from, after checking it against the chain (see the module comment). */
async function checkedCursor(db: Database, chain: Chain, client: PublicClient, deps: IndexChainDeps, head: bigint) {
  const stored = await readCursor(db, chain.chainId);
  const { settings } = deps;
  const start = (): Cursor | undefined =>
    settings.startBlock === 'head' ? undefined : { lastBlock: settings.startBlock - 1n, lastBlockHash: null };
  if (stored === undefined) return start();
  const margin = BigInt(Math.max(64, settings.confirmations * 4));
  // A chain shorter than the cursor changed below it too (a reorganisation to a shorter branch, or a local chain
  // started afresh): it is rolled back from a safe margin below its head, as any reorganisation is.
  const shorter = stored.lastBlock > head;
  if (!shorter) {
    if (stored.lastBlockHash === null || stored.lastBlock < 0n) return stored;
    const block = await client.getBlock({ blockNumber: stored.lastBlock });
    if (block.hash?.toLowerCase() === stored.lastBlockHash) return stored;
  }
  const from = shorter ? head : stored.lastBlock;
  const rewound = from - margin < -1n ? -1n : from - margin;
  const undone = await rollBackAfter(db, chain.chainId, rewound, ownerAt(client));
  await deps.changed?.({ lists: true, allCards: true });
  console.warn(
    `[indexer] ${chain.chainName}: ${shorter ? `the chain is shorter than block ${stored.lastBlock}` : `block ${stored.lastBlock} changed`} ` +
      `(reorganisation); rewound to ${rewound}, undoing ${undone.transfers} transfers and ${undone.sales} sales, ` +
      `reopening ${undone.reopened} listings`,
  );
  return { lastBlock: rewound, lastBlockHash: null };
}

/** A card's owner at a block as the chain says (undefined when it cannot: no such token then, no archive). */
function ownerAt(client: PublicClient): OwnerAt {
  return async (contract, tokenId, blockNumber) => {
    try {
      return await client.readContract({
        address: contract,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [tokenId],
        blockNumber: blockNumber < 0n ? 0n : blockNumber,
      });
    } catch {
      return undefined;
    }
  };
}

/**
 * Indexes `chain` from its cursor up to the confirmed head, range by range. Resolves with the ranges done
 * (empty when already caught up). RPC failures reject; what was committed before them stays.
 */
export async function syncChain(db: Database, chain: Chain, deps: IndexChainDeps): Promise<RangeResult[]> {
  const client = deps.client ?? publicClientFor(chain);
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const target = head - BigInt(deps.settings.confirmations);
  if (target < 0n) return [];
  let cursor = await checkedCursor(db, chain, client, deps, head);
  if (cursor === undefined) {
    // A chain indexed for the first time from its head: nothing before it is read.
    const block = await client.getBlock({ blockNumber: target });
    await writeCursor(db, chain.chainId, { lastBlock: target, lastBlockHash: block.hash });
    return [];
  }
  const done: RangeResult[] = [];
  const batch = BigInt(Math.max(1, deps.settings.batchBlocks));
  // The head only moves forward with new blocks, and new blocks mean a range to index: the final block moves
  // with the cursor, in the range's transaction.
  const finalBlock = head - BigInt(deps.settings.finalityBlocks);
  while (cursor.lastBlock < target && !deps.stopped?.()) {
    const from: bigint = cursor.lastBlock + 1n;
    const to: bigint = from + batch - 1n < target ? from + batch - 1n : target;
    done.push(await indexRange(db, chain, from, to, { ...deps, client, finalBlock }));
    cursor = { lastBlock: to, lastBlockHash: null };
  }
  return done;
}
