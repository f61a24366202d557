/**
 * The indexer's cursor per chain: the last block whose events are in the database, and that block's hash
 * (to notice when the chain below it changed). Written in the same transaction as the rows of the blocks up
 * to it, so a crash mid-range leaves the cursor before the range and the range is read again.
 *
 * @see ../../server/db/schema/indexer.ts
 */
import { eq, sql } from 'drizzle-orm';
import { indexerCursors } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';

/** Where a chain's indexing stopped. */
export interface Cursor {
  lastBlock: bigint;
  lastBlockHash: string | null;
}

/** The cursor of `chainId`, or undefined when the chain was never indexed. */
export async function readCursor(db: Database | Transaction, chainId: number): Promise<Cursor | undefined> {
  const [row] = await db.select().from(indexerCursors).where(eq(indexerCursors.chainId, chainId));
  return row ? { lastBlock: BigInt(row.lastBlock), lastBlockHash: row.lastBlockHash } : undefined;
}

/**
 * Stores the cursor of `chainId` (insert or move), and moves its final block up to `finalBlock` when given (it
 * never moves down: what was final stays final).
 */
export async function writeCursor(
  db: Database | Transaction,
  chainId: number,
  cursor: Cursor,
  finalBlock?: bigint,
): Promise<void> {
  const values = { lastBlock: Number(cursor.lastBlock), lastBlockHash: cursor.lastBlockHash?.toLowerCase() ?? null };
  const final = finalBlock === undefined || finalBlock < 0n ? undefined : Number(finalBlock);
  await db
    .insert(indexerCursors)
    .values({ chainId, ...values, finalBlock: final ?? null })
    .onConflictDoUpdate({
      target: indexerCursors.chainId,
      set: {
        ...values,
        ...(final === undefined
          ? {}
          : { finalBlock: sql`greatest(coalesce(${indexerCursors.finalBlock}, -1), ${final})` }),
      },
    });
}
