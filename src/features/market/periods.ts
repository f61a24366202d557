/**
 * The periods market figures are given for, and how a figure changed against the period before: the pure
 * rules behind the collection stats (./stats.server.ts), the API and the pages.
 */
import { DISPLAY_TIME_ZONE } from '~/lib/dates';

/** The periods stats are given for (`?period=`). */
export const PERIODS = ['24h', '7d', '30d', 'all'] as const;

/** One period. */
export type Period = (typeof PERIODS)[number];

/** Whole Asia/Tokyo days a period covers, today included (`all`: every day). */
export const PERIOD_DAYS: Readonly<Record<Exclude<Period, '24h' | 'all'>, number>> = { '7d': 7, '30d': 30 };

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Asia/Tokyo calendar day of a moment, as `YYYY-MM-DD` (the day a sale counts in). */
export function tokyoDay(at: Date): string {
  return dayFormatter.format(at);
}

/** `YYYY-MM-DD` moved by `days` (calendar arithmetic on the date alone). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The change of a figure against the previous period, in percent with one decimal (`+25.0`, `-50.0`); null
 * when the previous period had nothing (no change can be said of a start from zero).
 */
export function changePercent(current: bigint, previous: bigint): number | null {
  if (previous === 0n) return null;
  const tenths = ((current - previous) * 1000n) / previous;
  return Number(tenths) / 10;
}

/** A share of a whole in percent with one decimal (0 of 0 is 0). */
export function sharePercent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}
