/**
 * The query of a revenue report, read alike by the illustrator's (`GET /api/v1/dashboard/revenues`, the dashboard
 * pages) and the platform's (`GET /api/v1/admins/revenues`): bucket size, the range in Japan time with its
 * defaults, and the format.
 *
 * Spec §2 (/dashboard/revenues, /admins/revenues), §9 (dates in Asia/Tokyo).
 */
import { z } from 'zod';

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
 * Query of a revenue report: `period` (default month), `from` and `to` (inclusive dates
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
