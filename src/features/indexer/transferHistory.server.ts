/**
 * What the public chain-read endpoints (`transfer_events`, `token_of_owner_by_index`) may read, and from
 * where: catalogue contracts only (anything else is 404, so nobody can make the site scan an arbitrary
 * contract on the RPC it shares with the indexer); from the indexer's tables when it follows the chain;
 * else from the chain over a bounded block range. Both endpoints are rate-limited per address.
 *
 * @see ../chains/chainReads.server.ts (the reads from the chain)
 */
import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import {
  MAX_LISTED_TOKENS,
  MAX_LOG_SPAN,
  readHead,
  readTransferEvents,
  type TransferEvent,
  type TransferFilter,
} from '~/features/chains/chainReads.server';
import type { Chain } from '~/features/chains/chains';
import { notFound, tooManyRequests } from '~/server/api/errors';
import { cards, cardTransfers, categories } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { hitRateLimit } from '~/server/rateLimit.server';
import { readCursor } from './cursor.server';

/** Chain-history reads one address may make per minute. */
export const CHAIN_HISTORY_READS_PER_MINUTE = 60;

/** Counts one history read of the caller's address, or 429. */
export async function limitHistoryReads(db: Database, ip: string): Promise<void> {
  const limit = await hitRateLimit(db, `chain-history:${ip}`, CHAIN_HISTORY_READS_PER_MINUTE, 60);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter);
}

/** 404 unless `contract` is a collection of the catalogue on `chainId`. */
export async function requireCatalogueContract(db: Database, chainId: number, contract: Address): Promise<void> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.chainId, chainId), eq(categories.contractAddress, contract.toLowerCase())));
  if (!row) throw notFound(`${contract} is not a collection of this marketplace on chain ${chainId}`);
}

/** Most transfers answered from the indexer's table in one call. */
const MAX_TRANSFERS = 1_000;

/**
 * Transfers of a catalogue contract matching `filter`, oldest first: from the indexer's table when it
 * follows this chain and no block range is asked for, else from the chain in `range` (default: the last
 * {@link MAX_LOG_SPAN} blocks).
 */
export async function transferHistory(
  db: Database,
  chain: Chain,
  contract: Address,
  filter: TransferFilter,
  range: { fromBlock?: bigint | undefined; toBlock?: bigint | undefined },
): Promise<TransferEvent[]> {
  const indexed = range.fromBlock === undefined && range.toBlock === undefined && (await readCursor(db, chain.chainId));
  if (indexed) {
    const t = cardTransfers;
    const conditions: (SQL | undefined)[] = [
      eq(t.chainId, chain.chainId),
      eq(t.contractAddress, contract.toLowerCase()),
      filter.wallet ? or(eq(t.fromAddress, filter.wallet), eq(t.toAddress, filter.wallet)) : undefined,
      filter.from ? eq(t.fromAddress, filter.from) : undefined,
      filter.to ? eq(t.toAddress, filter.to) : undefined,
      filter.tokenId === undefined ? undefined : eq(t.tokenId, filter.tokenId.toString()),
    ];
    const rows = await db
      .select()
      .from(t)
      .where(and(...conditions))
      .orderBy(asc(t.blockNumber), asc(t.logIndex))
      .limit(MAX_TRANSFERS);
    return rows.map((row) => ({
      from: row.fromAddress as Address,
      to: row.toAddress as Address,
      tokenId: BigInt(row.tokenId),
      blockNumber: BigInt(row.blockNumber),
      logIndex: row.logIndex,
      transactionHash: row.txHash as Hex,
    }));
  }
  const toBlock = range.toBlock ?? (await readHead(chain));
  const fromBlock = range.fromBlock ?? (toBlock >= MAX_LOG_SPAN ? toBlock - MAX_LOG_SPAN + 1n : 0n);
  return readTransferEvents(chain, contract, filter, { fromBlock, toBlock });
}

/**
 * The tokens of a catalogue contract `owner` holds, from the indexer's view of the catalogue (token id
 * order, at most {@link MAX_LISTED_TOKENS}), or undefined when the indexer does not follow this chain.
 */
export async function indexedTokensOfOwner(
  db: Database,
  chain: Chain,
  contract: Address,
  owner: Address,
): Promise<{ balance: bigint; tokenIds: bigint[] } | undefined> {
  if (!(await readCursor(db, chain.chainId))) return undefined;
  const where = and(
    eq(cards.chainId, chain.chainId),
    eq(cards.contractAddress, contract.toLowerCase()),
    eq(cards.ownerAddress, owner.toLowerCase()),
  );
  const [total] = await db.select({ n: count() }).from(cards).where(where);
  const rows = await db
    .select({ tokenId: cards.tokenId })
    .from(cards)
    .where(where)
    .orderBy(asc(cards.tokenId))
    .limit(MAX_LISTED_TOKENS);
  return { balance: BigInt(total?.n ?? 0), tokenIds: rows.map((row) => BigInt(row.tokenId)) };
}
