/**
 * The reconciliation sale by sale: each payable entry of a fill must match the receipt it consumed (same chain,
 * same currency, the same amount, and both standing or both reversed by a reorganisation, with the entry's
 * reversal booked). A per-currency sum alone would let a booking error on one sale hide behind another
 * receipt's slack (the platform fee reaches the same address); a mismatch holds its currency like a shortfall.
 *
 * @see ./reconciliation.server.ts
 */
import { sql } from 'drizzle-orm';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database, Transaction } from '~/server/db/types';

/** Why a payable entry does not match its receipt. */
export type MismatchReason = 'no_receipt' | 'amount' | 'currency' | 'reversal';

/** A payable entry of a fill that does not match the receipt it consumed. */
export interface ReceiptMismatch {
  revenueId: number;
  illustratorId: number;
  chainId: number;
  currencyCode: number;
  booked: string;
  /** The receipt's amount, or null without one. */
  received: string | null;
  txHash: string;
  reason: MismatchReason;
}

/** Every payable fill entry that does not match its receipt (at most `limit`, oldest first). */
export async function receiptMismatches(db: Database | Transaction, limit = 200): Promise<ReceiptMismatch[]> {
  const canon = (column: string) => canonicalCurrencySql(sql.raw(column));
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select r.id, r.illustrator_id, r.chain_id, ${canon('r.currency_code')} as currency_code, r.amount,
      p.amount as received, f.tx_hash,
      case
        when p.id is null then 'no_receipt'
        when p.chain_id <> r.chain_id or ${canon('p.currency_code')} <> ${canon('r.currency_code')} then 'currency'
        when p.amount <> r.amount then 'amount'
        else 'reversal'
      end as reason
    from revenues r
    join fill_bookings f on f.id = r.fill_id
    left join platform_receipts p on p.id = r.receipt_id
    where r.settlement = 'payable' and r.entry = 'sale' and (
      p.id is null or p.chain_id <> r.chain_id or ${canon('p.currency_code')} <> ${canon('r.currency_code')}
      or p.amount <> r.amount
      or (p.reversed_at is null) <> (f.reversed_at is null)
      or (f.reversed_at is null) = exists (select 1 from revenues x where x.reverses_id = r.id)
    )
    order by r.id
    limit ${limit}`);
  return rows.map((row) => ({
    revenueId: toNumber(row.id),
    illustratorId: toNumber(row.illustrator_id),
    chainId: toNumber(row.chain_id),
    currencyCode: toNumber(row.currency_code),
    booked: toDecimal(row.amount),
    received: row.received === null ? null : toDecimal(row.received),
    txHash: String(row.tx_hash),
    reason: row.reason as MismatchReason,
  }));
}
