/**
 * A card purchase's status, and its one writer (src/server/db/writers.ts): the hold is made here (`pending`)
 * and every later move names the statuses it may come from, so two processes, a retried job or a late Stripe
 * event can never move one purchase twice; a move that finds it elsewhere changes nothing and says so. What
 * else a move records (the mint's transaction, a failure) goes in the same statement. The notices of a move
 * stay with its caller, which knows why it moved.
 *
 * pending -> paid | refunding | expired; expired -> paid? (never: a late payment is refunding) | refunding;
 * paid -> minting -> minted | paid (retry) | refunding -> refunded.
 */
import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { cardPurchases } from '~/server/db/schema';
import type { PurchaseStatus } from '~/server/db/schema/payments';
import type { Database, Transaction } from '~/server/db/types';

type Row = typeof cardPurchases.$inferSelect;
/** What a move may record beside the status. */
export type PurchaseFields = Partial<Omit<typeof cardPurchases.$inferInsert, 'id' | 'status'>>;

/** Makes a buyer's hold of a serial (`pending`), inside the transaction that chose the serial. */
export async function insertPurchaseHold(
  tx: Transaction,
  hold: Omit<typeof cardPurchases.$inferInsert, 'id' | 'status'>,
): Promise<Row> {
  const [row] = await tx
    .insert(cardPurchases)
    .values({ ...hold, status: 'pending' })
    .returning();
  if (!row) throw new Error('purchase insert returned nothing');
  return row;
}

/**
 * Moves purchase `id` to `to` if it is in one of `from`, recording `fields` (and `updatedAt` when given);
 * answers the moved row, or undefined when it was elsewhere.
 */
export async function movePurchase(
  db: Database | Transaction,
  id: number,
  to: PurchaseStatus,
  from: readonly PurchaseStatus[],
  fields: PurchaseFields = {},
): Promise<Row | undefined> {
  const [moved] = await db
    .update(cardPurchases)
    .set({ ...fields, status: to })
    .where(and(eq(cardPurchases.id, id), inArray(cardPurchases.status, [...from])))
    .returning();
  return moved;
}

/**
 * Claims the oldest paid purchase due for a mint attempt (one process at a time gets it: `SKIP LOCKED`), moving
 * it to `minting` and counting the attempt; a failed mint waits `retrySeconds` per attempt before the next.
 */
export async function claimPaidPurchase(db: Database, now: Date, retrySeconds: number): Promise<Row | undefined> {
  const due: SQL = sql`(select ${cardPurchases.id} from ${cardPurchases} where ${cardPurchases.status} = 'paid'
    and (${cardPurchases.mintAttempts} = 0
      or ${cardPurchases.updatedAt} <= ${now}::timestamptz - ${cardPurchases.mintAttempts} * ${retrySeconds} * interval '1 second')
    order by ${cardPurchases.id} limit 1 for update skip locked)`;
  const [claimed] = await db
    .update(cardPurchases)
    .set({ status: 'minting', mintAttempts: sql`${cardPurchases.mintAttempts} + 1`, updatedAt: now })
    .where(eq(cardPurchases.id, due))
    .returning();
  return claimed;
}

/** Ends the holds still unpaid that were made before `before` (`expired`); answers their PaymentIntents. */
export async function expireUnpaidHolds(db: Database, before: Date, now: Date): Promise<(string | null)[]> {
  const released = await db
    .update(cardPurchases)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(cardPurchases.status, 'pending'), lt(cardPurchases.createdAt, before)))
    .returning({ paymentIntentId: cardPurchases.paymentIntentId });
  return released.map((row) => row.paymentIntentId);
}
