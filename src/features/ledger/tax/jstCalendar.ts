/**
 * Calendar days, months and years in Japan time (spec §9: dates are Asia/Tokyo), as plain `YYYY-MM-DD` and
 * `YYYY-MM` strings, and the moments that bound them: what a tax year, an invoice's month or a remittance's month
 * means for the books. Japan keeps no daylight saving time, so a JST day is always UTC+9. Pure.
 */

const JST_OFFSET_MS = 9 * 60 * 60_000;

/** The JST calendar day of `at`, `YYYY-MM-DD`. */
export function jstDay(at: Date): string {
  return new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The JST month of `at`, `YYYY-MM`. */
export function jstMonth(at: Date): string {
  return jstDay(at).slice(0, 7);
}

/** `at` in JST as `YYYY-MM-DD HH:mm:ss` (what tax tools and spreadsheets read). */
export function jstDateTime(at: Date): string {
  return new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The first moment of JST day `day` (`YYYY-MM-DD`). */
export function jstDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - JST_OFFSET_MS);
}

/** [start, end) of JST year `year`. */
export function jstYearRange(year: number): { from: Date; to: Date } {
  return { from: jstDayStart(`${pad(year, 4)}-01-01`), to: jstDayStart(`${pad(year + 1, 4)}-01-01`) };
}

/** [start, end) of JST month `month` (`YYYY-MM`). */
export function jstMonthRange(month: string): { from: Date; to: Date } {
  return { from: jstDayStart(`${month}-01`), to: jstDayStart(`${addMonths(month, 1)}-01`) };
}

/** `month` (`YYYY-MM`) moved by `n` months. */
export function addMonths(month: string, n: number): string {
  const [year = 0, mon = 1] = month.split('-').map(Number);
  const index = year * 12 + (mon - 1) + n;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1, 2)}`;
}

/** The number of days in `month` (`YYYY-MM`). */
export function daysInMonth(month: string): number {
  const [year = 0, mon = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, mon, 0)).getUTCDate();
}

/** `day` (`YYYY-MM-DD`) moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The weekday of `day`, 0 = Sunday. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
