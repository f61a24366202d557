/**
 * An illustrator's revenues for the dashboard: primary sales and royalties, summed per day, week (from
 * Monday) or month in Japan time, per chain and currency (card payments in yen have no chain), each split
 * into what the chain paid straight to their wallet (received on chain) and what the platform owes them
 * (payable), as JSON or as a CSV download.
 *
 * Spec §2 (/dashboard/revenues), §9 (dates in Asia/Tokyo); ../trading/revenues.server.ts (the two kinds).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { amountInUnits } from '~/features/ledger/payoutRules';
import { toCsv } from '~/lib/csv';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import { type BucketKey, bucketedReport } from './bucketedReport.server';

/** Bucket sizes of the revenue report. */
export const REVENUE_PERIODS = ['day', 'week', 'month'] as const;
/** Revenue bucket size. */
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];

const DAY_MS = 86_400_000;
/** Days covered when `from` is not given, per bucket size. */
const DEFAULT_SPAN_DAYS: Readonly<Record<RevenuePeriod, number>> = { day: 30, week: 84, month: 365 };

/** A calendar date `YYYY-MM-DD` that exists. */
const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '1970-01-01';
  }, 'must be a real date from 1970 on');

/** Today in Japan time, as `YYYY-MM-DD`. */
function todayInTokyo(now: Date): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

/** `date` (YYYY-MM-DD) moved by `days`. */
function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Query of `GET /api/v1/dashboard/revenues`: `period` (default month), `from` and `to` (inclusive dates
 * in Japan time; `to` defaults to today, `from` to 30 days, 12 weeks or a year before), `format`.
 */
export const revenueQuerySchema = z
  .object({
    period: z.enum(REVENUE_PERIODS).default('month'),
    from: dateParam.optional(),
    to: dateParam.optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .transform((query) => {
    const to = query.to ?? todayInTokyo(new Date());
    const from = query.from ?? addDays(to, 1 - DEFAULT_SPAN_DAYS[query.period]);
    return { period: query.period, from, to, format: query.format };
  })
  .refine((query) => query.from <= query.to, { message: 'must not be after to', path: ['from'] });

/** Parsed revenue query. */
export type RevenueQuery = z.output<typeof revenueQuerySchema>;

/** Revenue in one bucket, chain and currency (amounts in the currency's smallest unit: wei, or yen). */
export interface RevenueRow {
  /** First day of the bucket (Japan time), `YYYY-MM-DD`. */
  period: string;
  /** Null for card payments (yen). */
  chainId: number | null;
  currencyCode: number;
  currency: string;
  primarySales: number;
  primary: string;
  royaltySales: number;
  royalty: string;
  /** Paid straight to the illustrator's wallet by the chain (reported only). */
  receivedOnChain: string;
  /** Collected by the platform for the illustrator: what payouts draw on. */
  payable: string;
  total: string;
}

/** The revenue report. */
export interface RevenueReport {
  period: RevenuePeriod;
  from: string;
  to: string;
  items: RevenueRow[];
  /** Sums over the whole range per chain and currency (`period` is the range's `from`). */
  totals: RevenueRow[];
}

/** Revenues of illustrator `illustratorId` by `query` (sale time decides the bucket). */
export async function revenueReport(db: Database, illustratorId: number, query: RevenueQuery): Promise<RevenueReport> {
  return bucketedReport(
    db,
    query,
    {
      source: sql`from revenues r where r.illustrator_id = ${illustratorId}`,
      soldAt: sql`r.created_at`,
      chainId: sql`r.chain_id`,
      currencyCode: sql`r.currency_code`,
      // A sale a reorganisation took back (its `reorg` entry) no longer counts as a sale.
      sums: sql`(count(*) filter (where r.kind = 'primary' and r.entry <> 'reorg')
          - count(*) filter (where r.kind = 'primary' and r.entry = 'reorg'))::int as primary_sales,
        coalesce(sum(r.amount) filter (where r.kind = 'primary'), 0) as primary_amount,
        (count(*) filter (where r.kind = 'royalty' and r.entry <> 'reorg')
          - count(*) filter (where r.kind = 'royalty' and r.entry = 'reorg'))::int as royalty_sales,
        coalesce(sum(r.amount) filter (where r.kind = 'royalty'), 0) as royalty_amount,
        coalesce(sum(r.amount) filter (where r.settlement = 'onchain'), 0) as onchain_amount,
        coalesce(sum(r.amount) filter (where r.settlement = 'payable'), 0) as payable_amount,
        sum(r.amount) as total`,
    },
    toSums,
  );
}

function toSums(row: Record<string, unknown>): Omit<RevenueRow, keyof BucketKey> {
  return {
    primarySales: toNumber(row.primary_sales),
    primary: toDecimal(row.primary_amount),
    royaltySales: toNumber(row.royalty_sales),
    royalty: toDecimal(row.royalty_amount),
    receivedOnChain: toDecimal(row.onchain_amount),
    payable: toDecimal(row.payable_amount),
    total: toDecimal(row.total),
  };
}

/**
 * Header row of the CSV download. Amounts are in the currency's smallest unit (wei, or yen); `total` is in
 * whole units, exact. `chain_id` is empty for card payments.
 */
export const REVENUE_CSV_HEADER = [
  'period',
  'chain_id',
  'currency',
  'primary_sales',
  'primary_amount',
  'royalty_sales',
  'royalty_amount',
  'received_on_chain_amount',
  'payable_amount',
  'total_amount',
  'total',
] as const;

/** The report's bucket rows as CSV (RFC 4180, CRLF line ends). */
export function revenueCsv(report: RevenueReport): string {
  return toCsv(
    REVENUE_CSV_HEADER,
    report.items.map((row) => [
      row.period,
      row.chainId,
      row.currency,
      row.primarySales,
      row.primary,
      row.royaltySales,
      row.royalty,
      row.receivedOnChain,
      row.payable,
      row.total,
      amountInUnits(BigInt(row.total), row.currencyCode),
    ]),
  );
}
