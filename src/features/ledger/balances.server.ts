/**
 * An illustrator's payable balances per chain and currency, from the ledger's entries and the payouts: what
 * was booked payable (reversals included), what of it is still clearing (a card payment's share waits the
 * hold window, so a chargeback lands before a payout), what payouts hold (requested, approved or transferred,
 * less what came back) and what they paid; `available` is what a new request may draw. `held`: the
 * reconciliation found more booked than received in that currency, and payouts in it wait for an admin.
 *
 * @see ./reconciliation.server.ts, docs/product-spec.md §2 (/dashboard/payouts)
 */
import { sql } from 'drizzle-orm';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database, Transaction } from '~/server/db/types';
import { cardPaymentSettings } from './cardPayments.server';
import { currencySymbol, payoutMinimum } from './payoutRules';
import { openHolds } from './reconciliation.server';

/** What an illustrator can still request in one chain and currency (wei, or yen for card payments). */
export interface PayoutBalance {
  /** Null for yen from card payments. */
  chainId: number | null;
  currencyCode: number;
  currency: string;
  /** All payable entries booked (reversals subtract). */
  revenue: string;
  /** Booked, but still in the hold window. */
  clearing: string;
  /** Payouts requested, approved or transferred, not yet paid. */
  pending: string;
  paid: string;
  /** revenue - clearing - pending - paid (negative when reversals came after a payout). */
  available: string;
  /** Smallest payout of this currency, or null when it cannot be paid out. */
  minimum: string | null;
  /** Payouts in this currency are held by the reconciliation until an admin resolves it. */
  held: boolean;
}

/** Balances of illustrator `illustratorId` per chain and currency, as of `now`. */
export async function payoutBalances(
  db: Database | Transaction,
  illustratorId: number,
  now = new Date(),
): Promise<PayoutBalance[]> {
  const { payableHoldDays } = await cardPaymentSettings(db);
  const clearFrom = new Date(now.getTime() - payableHoldDays * 86_400_000);
  const { rows } = await db.execute<Record<string, unknown>>(sql`select chain_id, currency_code,
      coalesce(sum(amount) filter (where source = 'revenue'), 0) as revenue,
      coalesce(sum(amount) filter (where source = 'revenue' and clearing), 0) as clearing,
      coalesce(sum(amount - reversed) filter (where source = 'payout'
        and status in ('requested', 'approved', 'transferred')), 0) as pending,
      coalesce(sum(amount - reversed) filter (where source = 'payout' and status = 'paid'), 0) as paid
    from (
      select 'revenue' as source, chain_id, ${canonicalCurrencySql(sql`currency_code`)} as currency_code, amount,
        null::text as status, 0::numeric as reversed,
        (payment_id is not null and amount > 0 and created_at > ${clearFrom.toISOString()}::timestamptz) as clearing
      from revenues where illustrator_id = ${illustratorId} and settlement = 'payable'
      union all
      select 'payout', chain_id, ${canonicalCurrencySql(sql`currency_code`)}, amount, status, reversed_amount, false
      from payouts where illustrator_id = ${illustratorId} and status <> 'rejected'
    ) money
    group by chain_id, currency_code order by chain_id nulls first, currency_code`);
  const holds = await openHolds(db);
  return rows.map((row) => {
    const chainId = row.chain_id === null ? null : toNumber(row.chain_id);
    const currencyCode = toNumber(row.currency_code);
    const amounts = {
      revenue: BigInt(toDecimal(row.revenue)),
      clearing: BigInt(toDecimal(row.clearing)),
      pending: BigInt(toDecimal(row.pending)),
      paid: BigInt(toDecimal(row.paid)),
    };
    const minimum = payoutMinimum(currencyCode);
    return {
      chainId,
      currencyCode,
      currency: currencySymbol(currencyCode),
      revenue: amounts.revenue.toString(),
      clearing: amounts.clearing.toString(),
      pending: amounts.pending.toString(),
      paid: amounts.paid.toString(),
      available: (amounts.revenue - amounts.clearing - amounts.pending - amounts.paid).toString(),
      minimum: minimum === undefined ? null : minimum.toString(),
      held: holds.some((hold) => hold.chainId === chainId && hold.currencyCode === currencyCode),
    };
  });
}
