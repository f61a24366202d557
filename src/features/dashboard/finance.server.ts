/**
 * An illustrator's revenues for the dashboard: primary sales and royalties booked from sales, summed
 * per day, week (from Monday) or month in Japan time, per chain and currency, as JSON or as a CSV
 * download.
 *
 * @see /work/shared/spec/marketplace-spec.md §2 (/dashboard/revenues), §9 (dates in Asia/Tokyo)
 */
import { sql } from 'drizzle-orm';
import { formatEther } from 'viem';
import { z } from 'zod';
import type { Database } from '../../server/db/types';
import { toDecimal, toNumber } from '../cards/rowValues';
import { bucketedReport } from './bucketedReport.server';
import { currencySymbol } from './payoutRules';

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

/** Revenue in one bucket, chain and currency (amounts in wei). */
export interface RevenueRow {
  /** First day of the bucket (Japan time), `YYYY-MM-DD`. */
  period: string;
  chainId: number;
  currencyCode: number;
  currency: string;
  primarySales: number;
  primary: string;
  royaltySales: number;
  royalty: string;
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
      source: sql`from revenues r join sales s on s.id = r.sale_id where r.illustrator_id = ${illustratorId}`,
      soldAt: sql`s.sold_at`,
      chainId: sql`r.chain_id`,
      currencyCode: sql`r.currency_code`,
      sums: sql`count(*) filter (where r.kind = 'primary')::int as primary_sales,
        coalesce(sum(r.amount) filter (where r.kind = 'primary'), 0) as primary_amount,
        count(*) filter (where r.kind = 'royalty')::int as royalty_sales,
        coalesce(sum(r.amount) filter (where r.kind = 'royalty'), 0) as royalty_amount,
        sum(r.amount) as total`,
    },
    toRow,
  );
}

function toRow(row: Record<string, unknown>): RevenueRow {
  const currencyCode = toNumber(row.currency_code);
  return {
    period: String(row.period),
    chainId: toNumber(row.chain_id),
    currencyCode,
    currency: currencySymbol(currencyCode),
    primarySales: toNumber(row.primary_sales),
    primary: toDecimal(row.primary_amount),
    royaltySales: toNumber(row.royalty_sales),
    royalty: toDecimal(row.royalty_amount),
    total: toDecimal(row.total),
  };
}

/** Header row of the CSV download. */
export const REVENUE_CSV_HEADER = [
  'period',
  'chain_id',
  'currency',
  'primary_sales',
  'primary_wei',
  'royalty_sales',
  'royalty_wei',
  'total_wei',
  'total',
] as const;

/** Quotes a CSV field when it holds a comma, quote or line break (RFC 4180). */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report's bucket rows as CSV (RFC 4180, CRLF line ends), `total` in whole units, exact. */
export function revenueCsv(report: RevenueReport): string {
  const lines = [REVENUE_CSV_HEADER.join(',')];
  for (const row of report.items) {
    lines.push(
      [
        row.period,
        row.chainId,
        row.currency,
        row.primarySales,
        row.primary,
        row.royaltySales,
        row.royalty,
        row.total,
        formatEther(BigInt(row.total)),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
