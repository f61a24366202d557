/**
 * The revenue chart's data: the report's rows grouped into one series per chain and currency (amounts
 * in different currencies cannot share an axis), every bucket of the range present (empty ones at
 * zero, so gaps show as gaps), and bar heights scaled exactly from wei. Pure, so the server-rendered
 * SVG and its table come from the same numbers.
 *
 * @see docs/product-spec.md §2 (/dashboard/revenues), §9 (dates in Asia/Tokyo)
 */
import type { RevenueRow } from '~/features/ledger/revenues/creatorRevenue';
import type { RevenuePeriod } from '~/features/ledger/revenues/revenueQuery';

/** Bucket sizes, as the revenue report uses them. */
export type ChartPeriod = RevenuePeriod;

/** One revenue row as the report gives it (amounts in wei, decimal strings). */
export type ChartRow = Omit<RevenueRow, 'receivedOnChain' | 'payable'>;

/** One bucket of a series. */
export interface ChartBar {
  /** First day of the bucket, `YYYY-MM-DD`. */
  period: string;
  primarySales: number;
  primary: bigint;
  royaltySales: number;
  royalty: bigint;
  total: bigint;
}

/** The buckets of one chain and currency. */
export interface ChartSeries {
  chainId: number | null;
  currencyCode: number;
  currency: string;
  bars: ChartBar[];
  /** Sum of the bars. */
  total: bigint;
  /** Largest bar total (0 when the series is empty). */
  max: bigint;
}

const DAY_MS = 86_400_000;
/** Most buckets a chart draws; a longer range keeps its last buckets. */
export const MAX_BARS = 400;

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of the bucket `day` falls in: itself, its week's Monday, or its month's 1st. */
export function bucketStart(day: string, period: ChartPeriod): string {
  const date = toDate(day);
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  if (period === 'week') return toDay(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
  return day;
}

/** The first days of every bucket from the one holding `from` to the one holding `to` (inclusive). */
export function periodStarts(from: string, to: string, period: ChartPeriod): string[] {
  const starts: string[] = [];
  let current = toDate(bucketStart(from, period));
  const end = toDate(to);
  while (current.getTime() <= end.getTime()) {
    starts.push(toDay(current));
    if (period === 'month') current = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() + 1, 1));
    else current = new Date(current.getTime() + (period === 'week' ? 7 : 1) * DAY_MS);
  }
  return starts.slice(-MAX_BARS);
}

/** Groups report rows into series (in order of chain, then currency) over every bucket of the range. */
export function revenueSeries(rows: readonly ChartRow[], from: string, to: string, period: ChartPeriod): ChartSeries[] {
  const starts = periodStarts(from, to, period);
  const byKey = new Map<string, { head: ChartRow; rows: Map<string, ChartRow> }>();
  for (const row of rows) {
    const key = `${row.chainId}:${row.currencyCode}`;
    const entry = byKey.get(key) ?? { head: row, rows: new Map<string, ChartRow>() };
    entry.rows.set(row.period, row);
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .sort((a, b) => (a.head.chainId ?? 0) - (b.head.chainId ?? 0) || a.head.currencyCode - b.head.currencyCode)
    .map(({ head, rows: byPeriod }) => {
      const bars = starts.map((period): ChartBar => {
        const row = byPeriod.get(period);
        return {
          period,
          primarySales: row?.primarySales ?? 0,
          primary: BigInt(row?.primary ?? '0'),
          royaltySales: row?.royaltySales ?? 0,
          royalty: BigInt(row?.royalty ?? '0'),
          total: BigInt(row?.total ?? '0'),
        };
      });
      return {
        chainId: head.chainId,
        currencyCode: head.currencyCode,
        currency: head.currency,
        bars,
        total: bars.reduce((sum, bar) => sum + bar.total, 0n),
        // biome-ignore lint/complexity/useMathMinMax: Math.max does not take bigint
        max: bars.reduce((max, bar) => (bar.total > max ? bar.total : max), 0n),
      };
    });
}

/** `amount` as a share of `max` scaled to `size` pixels (0 when max is 0), exact to 1/100 px. */
export function scale(amount: bigint, max: bigint, size: number): number {
  if (max <= 0n || amount <= 0n) return 0;
  return Number((amount * BigInt(Math.round(size * 100))) / max) / 100;
}

/** The short label of a bucket on the axis: `2026-08` for months, `08-24` for days and weeks. */
export function periodLabel(period: string, kind: ChartPeriod): string {
  return kind === 'month' ? period.slice(0, 7) : period.slice(5);
}
