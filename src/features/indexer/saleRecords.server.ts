/**
 * The one writer of `sales` (src/server/db/writers.ts): the indexer records a sale when it reads a fill, once
 * per position (chain, transaction, log), and removes the sales of blocks a reorganisation threw away. What the
 * ledger booked from a sale is the ledger's own record (`fill_bookings`), reversed there, never deleted with it.
 */
import { and, eq, gt } from 'drizzle-orm';
import { sales } from '~/server/db/schema';
import type { Transaction } from '~/server/db/types';

/** Records a sale; answers its id, or undefined when that fill was recorded already (a range read again). */
export async function recordSale(tx: Transaction, sale: typeof sales.$inferInsert): Promise<number | undefined> {
  const [row] = await tx.insert(sales).values(sale).onConflictDoNothing().returning({ id: sales.id });
  return row?.id;
}

/** Removes the sales of `chainId` recorded from blocks after `lastKept`; answers what went (for the day stats). */
export function removeSalesAfter(tx: Transaction, chainId: number, lastKept: number) {
  return tx
    .delete(sales)
    .where(and(eq(sales.chainId, chainId), gt(sales.blockNumber, lastKept)))
    .returning({ id: sales.id, contractAddress: sales.contractAddress, soldAt: sales.soldAt });
}
