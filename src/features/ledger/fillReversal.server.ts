/**
 * What a reorganisation takes back from the ledger, deleting nothing: receipts and fills recorded from blocks
 * the chain threw away are marked reversed (they no longer count as received, and the canonical chain's fills
 * record them again as new rows), and every sale entry booked from such a fill gets a `reorg` entry of the
 * opposite amount naming it (once: `revenues.reverses_id` is unique). A reversal after a payout leaves a balance
 * below zero, which holds the illustrator's payouts and shows in the admin's books (./balances.server.ts).
 *
 * @see ../indexer/reorg.server.ts (its caller), ../../../docs/architecture.md ("Money")
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { fillBookings, platformReceipts, revenues } from '~/server/db/schema';
import type { Transaction } from '~/server/db/types';

/** What one reversal took back. */
export interface FillReversal {
  receipts: number;
  fills: number;
  entries: number;
}

/** Reverses what the ledger recorded for `chainId` from blocks after `afterBlock` (see the module comment). */
export async function reverseFillsAfter(
  tx: Transaction,
  chainId: number,
  afterBlock: bigint,
  now = new Date(),
): Promise<FillReversal> {
  const after = Number(afterBlock);
  const receipts = await tx
    .update(platformReceipts)
    .set({ reversedAt: now })
    .where(
      and(
        eq(platformReceipts.chainId, chainId),
        gt(platformReceipts.blockNumber, after),
        isNull(platformReceipts.reversedAt),
      ),
    )
    .returning({ id: platformReceipts.id });
  const fills = await tx
    .update(fillBookings)
    .set({ reversedAt: now })
    .where(and(eq(fillBookings.chainId, chainId), gt(fillBookings.blockNumber, after), isNull(fillBookings.reversedAt)))
    .returning({ id: fillBookings.id });
  if (fills.length === 0) return { receipts: receipts.length, fills: 0, entries: 0 };
  const ids = sql.join(
    fills.map((fill) => sql`${fill.id}`),
    sql`, `,
  );
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into ${revenues} (illustrator_id, fill_id, kind, settlement, entry, reverses_id, chain_id, amount,
      currency_code, created_at)
    select illustrator_id, fill_id, kind, settlement, 'reorg', id, chain_id, -amount, currency_code,
      ${now.toISOString()}::timestamptz
    from ${revenues} where fill_id in (${ids}) and entry = 'sale'
    on conflict do nothing
    returning id`);
  return { receipts: receipts.length, fills: fills.length, entries: rows.length };
}
