/**
 * Reads one illustrator's ledger for a span of time as statement lines (./ledgerLines.ts): their revenue entries
 * booked in it, each with its sale's gross and fee (a fill's from the ledger's own record of it, `fill_bookings`;
 * a card payment's from the payment and, for a refund or a dispute, the part of it taken back), and their payouts
 * whose money left in it with the tax withheld.
 */
import { sql } from 'drizzle-orm';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import type { PayoutLine, RevenueLine } from './ledgerLines';

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const big = (value: unknown) => BigInt(toDecimal(value));

/**
 * The revenue entries of illustrator `illustratorId` booked in [from, to). A fill's gross and fee sit on the first
 * primary entry booked from it (a reorganisation's reversal of that entry carries them back); a card payment's on
 * each entry by the part of the payment it moved.
 */
export async function revenueLines(db: Database, illustratorId: number, from: Date, to: Date): Promise<RevenueLine[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`with mine as (
      select r.*, min(r.id) filter (where r.entry = 'sale' and r.kind = 'primary')
          over (partition by r.fill_id) as carrier,
        lag(r.ref, 1, '0') over (partition by r.payment_id, r.entry order by r.id) as previous_ref
      from revenues r where r.illustrator_id = ${illustratorId}
    )
    select m.id, m.fill_id, m.payment_id, m.created_at, m.entry, m.kind, m.settlement, m.chain_id, m.currency_code, m.amount, m.ref,
      m.previous_ref, f.tx_hash, f.price, f.platform_fee, ph.provider_payment_id, ph.amount as payment_amount,
      d.amount as dispute_amount,
      (m.entry = 'sale' and m.id = m.carrier) or (m.entry = 'reorg' and m.reverses_id = m.carrier) as carries
    from mine m
    left join fill_bookings f on f.id = m.fill_id
    left join payment_histories ph on ph.id = m.payment_id
    left join payment_disputes d on d.id = m.ref and m.entry in ('dispute', 'dispute_won')
    where m.created_at >= ${from.toISOString()}::timestamptz and m.created_at < ${to.toISOString()}::timestamptz
    order by m.created_at, m.id`);
  return rows.map((row) => {
    const entry = String(row['entry']) as RevenueLine['entry'];
    const amount = big(row['amount']);
    let gross = 0n;
    let fee = 0n;
    if (row['fill_id'] !== null && row['carries'] === true) {
      const sign = entry === 'reorg' ? -1n : 1n;
      gross = sign * big(row['price']);
      fee = sign * big(row['platform_fee']);
    } else if (row['provider_payment_id'] !== null && row['provider_payment_id'] !== undefined) {
      if (entry === 'card_payment') gross = big(row['payment_amount']);
      else if (entry === 'refund') gross = -(BigInt(String(row['ref'])) - BigInt(String(row['previous_ref'])));
      else if (entry === 'dispute') gross = -big(row['dispute_amount']);
      else if (entry === 'dispute_won') gross = big(row['dispute_amount']);
      fee = gross - amount;
    }
    return {
      entryId: toNumber(row['id']),
      at: asDate(row['created_at']),
      entry,
      kind: String(row['kind']) as RevenueLine['kind'],
      settlement: String(row['settlement']) as RevenueLine['settlement'],
      chainId: row['chain_id'] === null ? null : toNumber(row['chain_id']),
      currencyCode: toNumber(row['currency_code']),
      amount,
      gross,
      fee,
      reference: String(row['tx_hash'] ?? row['provider_payment_id'] ?? ''),
    };
  });
}

/** The payouts of illustrator `illustratorId` whose money left in [from, to) (transferred or paid). */
export async function payoutLines(db: Database, illustratorId: number, from: Date, to: Date): Promise<PayoutLine[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`select p.id, p.chain_id, p.currency_code,
      p.amount - p.reversed_amount as amount, coalesce(p.transferred_at, p.paid_at) as paid_at, p.tx_hash,
      coalesce(w.withheld, 0) as withheld, coalesce(w.tax_jpy, 0) as tax_jpy
    from payouts p left join payout_withholdings w on w.payout_id = p.id
    where p.illustrator_id = ${illustratorId} and p.status in ('transferred', 'paid')
      and coalesce(p.transferred_at, p.paid_at) >= ${from.toISOString()}::timestamptz
      and coalesce(p.transferred_at, p.paid_at) < ${to.toISOString()}::timestamptz
    order by coalesce(p.transferred_at, p.paid_at), p.id`);
  return rows.map((row) => ({
    payoutId: toNumber(row['id']),
    at: asDate(row['paid_at']),
    chainId: row['chain_id'] === null ? null : toNumber(row['chain_id']),
    currencyCode: toNumber(row['currency_code']),
    amount: big(row['amount']),
    withheld: big(row['withheld']),
    taxJpy: big(row['tax_jpy']),
    transferFee: 0n,
    reference: String(row['tx_hash'] ?? ''),
  }));
}

/** The JST years in which illustrator `illustratorId` has revenue entries or payouts paid, newest first. */
export async function statementYears(db: Database, illustratorId: number): Promise<number[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`select distinct y from (
      select extract(year from created_at at time zone 'Asia/Tokyo')::int as y from revenues
        where illustrator_id = ${illustratorId}
      union all
      select extract(year from coalesce(transferred_at, paid_at) at time zone 'Asia/Tokyo')::int from payouts
        where illustrator_id = ${illustratorId} and status in ('transferred', 'paid')
    ) years order by y desc`);
  return rows.map((row) => toNumber(row['y']));
}
