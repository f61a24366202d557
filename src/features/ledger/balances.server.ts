/**
 * An illustrator's payable balances per chain and currency, from the ledger's entries and the payouts: what
 * was booked payable (reversals included), what of it is still clearing (a card payment's share waits the
 * hold window, so a chargeback lands before a payout; a fill's share waits until its block is final, so a
 * reorganisation lands before a payout), what payouts hold (requested, approved or transferred, less what came
 * back) and what they paid; `available` is what a new request may draw. `held`: the reconciliation found more
 * booked than received in that currency, and payouts in it wait for an admin. A balance below zero holds all of
 * its illustrator's payouts ({@link negativeBalanceProblem}).
 *
 * @see ./reconciliation.server.ts, docs/product-spec.md §2 (/dashboard/payouts)
 */
import { sql } from 'drizzle-orm';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database, Transaction } from '~/server/db/types';
import { cardPaymentSettings } from './cardPayments.server';
import { currencySymbol, payoutMinimum } from './payoutRules';
import { openHolds, type ReconciliationHold } from './reconciliation.server';

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

/**
 * The sums behind every balance, per illustrator (one, or all: `illustratorId` undefined), chain and currency.
 * Clearing: a card payment's share in its hold window, and a fill's payable share whose block is not yet final
 * on its chain (`indexer_cursors.final_block`, which the indexer moves by the chain's finality depth).
 */
function balanceRows(db: Database | Transaction, illustratorId: number | undefined, clearFrom: Date) {
  const whose = illustratorId === undefined ? sql`true` : sql`illustrator_id = ${illustratorId}`;
  return db.execute<Record<string, unknown>>(sql`select illustrator_id, chain_id, currency_code,
      coalesce(sum(amount) filter (where source = 'revenue'), 0) as revenue,
      coalesce(sum(amount) filter (where source = 'revenue' and clearing), 0) as clearing,
      coalesce(sum(amount - reversed) filter (where source = 'payout'
        and status in ('requested', 'approved', 'transferred')), 0) as pending,
      coalesce(sum(amount - reversed) filter (where source = 'payout' and status = 'paid'), 0) as paid
    from (
      select 'revenue' as source, r.illustrator_id, r.chain_id,
        ${canonicalCurrencySql(sql`r.currency_code`)} as currency_code, r.amount,
        null::text as status, 0::numeric as reversed,
        (r.amount > 0 and ((r.payment_id is not null and r.created_at > ${clearFrom.toISOString()}::timestamptz)
          or f.block_number > coalesce(c.final_block, -1))) as clearing
      from revenues r
      left join fill_bookings f on f.id = r.fill_id and r.entry = 'sale'
      left join indexer_cursors c on c.chain_id = f.chain_id
      where ${whose} and r.settlement = 'payable'
      union all
      select 'payout', illustrator_id, chain_id, ${canonicalCurrencySql(sql`currency_code`)}, amount, status,
        reversed_amount, false
      from payouts where ${whose} and status <> 'rejected'
    ) money
    group by illustrator_id, chain_id, currency_code
    order by illustrator_id, chain_id nulls first, currency_code`);
}

/** One row of {@link balanceRows} as a balance. */
function toBalance(row: Record<string, unknown>, holds: readonly ReconciliationHold[]): PayoutBalance {
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
}

/** When card payments' shares clear: booked before this are available. */
async function clearingStart(db: Database | Transaction, now: Date): Promise<Date> {
  const { payableHoldDays } = await cardPaymentSettings(db);
  return new Date(now.getTime() - payableHoldDays * 86_400_000);
}

/** Balances of illustrator `illustratorId` per chain and currency, as of `now`. */
export async function payoutBalances(
  db: Database | Transaction,
  illustratorId: number,
  now = new Date(),
): Promise<PayoutBalance[]> {
  const { rows } = await balanceRows(db, illustratorId, await clearingStart(db, now));
  const holds = await openHolds(db);
  return rows.map((row) => toBalance(row, holds));
}

/** A balance below zero: a reversal (a reorganisation, a refund, a chargeback) came after money was paid out. */
export interface NegativeBalance extends PayoutBalance {
  illustratorId: number;
}

/** Every illustrator's balances that are below zero, as of `now` (the admin's books show them). */
export async function negativeBalances(db: Database | Transaction, now = new Date()): Promise<NegativeBalance[]> {
  const { rows } = await balanceRows(db, undefined, await clearingStart(db, now));
  const holds = await openHolds(db);
  return rows
    .map((row) => ({ illustratorId: toNumber(row.illustrator_id), ...toBalance(row, holds) }))
    .filter((balance) => BigInt(balance.available) < 0n);
}

/**
 * Why an illustrator's payouts are held by their own books, or undefined: a balance below zero in any currency
 * (money was paid out that a reversal then took back), so nothing more goes out until later revenue or an
 * admin makes it good.
 */
export function negativeBalanceProblem(balances: readonly PayoutBalance[]): string | undefined {
  const negative = balances.find((balance) => BigInt(balance.available) < 0n);
  return negative
    ? `balance: payouts are held while the ${negative.currency} balance is below zero (${negative.available}): a reversal came after a payout`
    : undefined;
}
