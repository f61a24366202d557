/**
 * What the platform owes and reports for the income tax it withheld: the monthly remittance (源泉所得税の納付: every
 * payout paid in a JST month that had tax withheld, the total due by the 10th of the next month, moved to a
 * business day) and the yearly payment records (支払調書: per payee whose payouts paid in the year add up to more
 * than ¥50,000, the yen paid and the tax withheld). A payout counts when its money left: transferred (yen through
 * Stripe) or paid; a rejected or reversed one does not. A crypto payout is valued in yen at the rate kept for the
 * hour it was paid (./yenAt.ts), its tax as fixed at approval.
 *
 * @see https://www.nta.go.jp/taxes/tetsuzuki/shinsei/annai/hotei/23100040.htm (報酬、料金、契約金及び賞金の支払調書)
 */
import { sql } from 'drizzle-orm';
import { toCsv } from '~/lib/csv';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import { currencySymbol } from '../payoutRules';
import { jstDateTime, jstMonthRange, jstYearRange } from './jstCalendar';
import { withholdingDueDate } from './payoutCalendar';
import { rateHistory } from './rateHistory.server';
import { yenAt } from './yenAt';

/** Payment records list payees paid more than this in a year (yen). */
export const PAYMENT_RECORD_THRESHOLD_JPY = 50_000n;

/** Who was paid, as their tax profile names them. */
export interface Payee {
  illustratorId: number;
  uid: string;
  legalName: string;
  kind: 'individual' | 'corporation';
  resident: boolean;
  invoiceNumber: string | null;
}

/** One payout paid, with what was withheld from it. */
export interface PaidPayout extends Payee {
  payoutId: number;
  paidAt: Date;
  chainId: number | null;
  currencyCode: number;
  amount: bigint;
  /** The payout's yen value when paid (undefined: no rate kept for that time). */
  amountJpy: bigint | undefined;
  taxJpy: bigint;
  withheld: bigint;
}

/** Payouts whose money left in [from, to), oldest first. */
async function paidPayouts(db: Database, from: Date, to: Date): Promise<PaidPayout[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`select p.id, p.illustrator_id, i.uid,
      coalesce(nullif(t.legal_name, ''), i.name) as legal_name, coalesce(t.kind, 'individual') as kind,
      coalesce(t.resident, true) as resident, t.invoice_number, coalesce(p.transferred_at, p.paid_at) as paid_at,
      p.chain_id, p.currency_code, p.amount - p.reversed_amount as amount,
      coalesce(w.tax_jpy, 0) as tax_jpy, coalesce(w.withheld, 0) as withheld
    from payouts p
    join illustrators i on i.id = p.illustrator_id
    left join tax_profiles t on t.illustrator_id = p.illustrator_id
    left join payout_withholdings w on w.payout_id = p.id
    where p.status in ('transferred', 'paid')
      and coalesce(p.transferred_at, p.paid_at) >= ${from.toISOString()}::timestamptz
      and coalesce(p.transferred_at, p.paid_at) < ${to.toISOString()}::timestamptz
    order by coalesce(p.transferred_at, p.paid_at), p.id`);
  const history = await rateHistory(db, from, to);
  return rows.map((row) => {
    const paidAt = new Date(String(row['paid_at']));
    const currencyCode = toNumber(row['currency_code']);
    const amount = BigInt(toDecimal(row['amount']));
    return {
      payoutId: toNumber(row['id']),
      illustratorId: toNumber(row['illustrator_id']),
      uid: String(row['uid']),
      legalName: String(row['legal_name']),
      kind: row['kind'] === 'corporation' ? 'corporation' : 'individual',
      resident: row['resident'] === true || row['resident'] === 't',
      invoiceNumber: row['invoice_number'] === null ? null : String(row['invoice_number']),
      paidAt,
      chainId: row['chain_id'] === null ? null : toNumber(row['chain_id']),
      currencyCode,
      amount,
      amountJpy: yenAt(history, amount, currencyCode, paidAt)?.jpy,
      taxJpy: BigInt(toDecimal(row['tax_jpy'])),
      withheld: BigInt(toDecimal(row['withheld'])),
    };
  });
}

/** The month's remittance: the payouts withheld from, their total tax and when it is due. */
export interface MonthlyWithholding {
  month: string;
  dueDate: string;
  totalJpy: string;
  items: PaidPayout[];
}

/** The remittance of JST month `month` (`YYYY-MM`). */
export async function monthlyWithholding(db: Database, month: string): Promise<MonthlyWithholding> {
  const { from, to } = jstMonthRange(month);
  const items = (await paidPayouts(db, from, to)).filter((payout) => payout.taxJpy > 0n);
  const total = items.reduce((sum, payout) => sum + payout.taxJpy, 0n);
  return { month, dueDate: withholdingDueDate(month), totalJpy: total.toString(), items };
}

/** The remittance as CSV: one line per payout, then the total and its due date. */
export function monthlyWithholdingCsv(report: MonthlyWithholding): string {
  const header = [
    'month',
    'due_date',
    'payout_id',
    'illustrator_id',
    'uid',
    'legal_name',
    'paid_at_jst',
    'chain_id',
    'currency',
    'amount',
    'withheld',
    'tax_jpy',
  ];
  const rows = report.items.map((item) => [
    report.month,
    report.dueDate,
    item.payoutId,
    item.illustratorId,
    item.uid,
    item.legalName,
    jstDateTime(item.paidAt),
    item.chainId,
    currencySymbol(item.currencyCode),
    item.amount.toString(),
    item.withheld.toString(),
    item.taxJpy.toString(),
  ]);
  rows.push([report.month, report.dueDate, 'total', '', '', '', '', '', 'JPY', '', '', report.totalJpy]);
  return toCsv(header, rows);
}

/** One payee's payment record for a year. */
export interface PaymentRecord extends Payee {
  year: number;
  payments: number;
  paidJpy: bigint;
  taxJpy: bigint;
  /** Payouts whose yen value could not be read (no rate kept then): the admin completes them by hand. */
  unvalued: number;
}

/** The payment records of JST year `year`: payees paid more than ¥50,000, by illustrator. */
export async function paymentRecords(db: Database, year: number): Promise<PaymentRecord[]> {
  const { from, to } = jstYearRange(year);
  const byPayee = new Map<number, PaymentRecord>();
  for (const payout of await paidPayouts(db, from, to)) {
    const record = byPayee.get(payout.illustratorId) ?? {
      year,
      illustratorId: payout.illustratorId,
      uid: payout.uid,
      legalName: payout.legalName,
      kind: payout.kind,
      resident: payout.resident,
      invoiceNumber: payout.invoiceNumber,
      payments: 0,
      paidJpy: 0n,
      taxJpy: 0n,
      unvalued: 0,
    };
    record.payments += 1;
    if (payout.amountJpy === undefined) record.unvalued += 1;
    else record.paidJpy += payout.amountJpy;
    record.taxJpy += payout.taxJpy;
    byPayee.set(payout.illustratorId, record);
  }
  return [...byPayee.values()].filter((record) => record.paidJpy > PAYMENT_RECORD_THRESHOLD_JPY);
}

/** The payment records as CSV (支払金額 is before withholding, as the form asks). */
export function paymentRecordsCsv(records: readonly PaymentRecord[]): string {
  const header = [
    'year',
    'illustrator_id',
    'uid',
    'legal_name',
    'kind',
    'resident',
    'invoice_number',
    'category',
    'payments',
    'paid_jpy',
    'tax_jpy',
    'unvalued_payments',
  ];
  return toCsv(
    header,
    records.map((record) => [
      record.year,
      record.illustratorId,
      record.uid,
      record.legalName,
      record.kind,
      record.resident ? 'yes' : 'no',
      record.invoiceNumber,
      'デザイン料・著作物の販売代金 (illustration sales and royalties)',
      record.payments,
      record.paidJpy.toString(),
      record.taxJpy.toString(),
      record.unvalued,
    ]),
  );
}
