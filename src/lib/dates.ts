/**
 * Date formatting for display, always in Japan time whatever the viewer's zone.
 * @see docs/product-spec.md §9 "Dates are shown in Asia/Tokyo as YYYY-MM-DD HH:mm"
 */

/** Zone every date is shown in. @see spec §9 */
export const DISPLAY_TIME_ZONE = 'Asia/Tokyo';

/** Text shown for a value that is not a valid date. @see spec §9 */
export const INVALID_DATE = 'Invalid date';

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Values {@link formatDate} accepts: a Date, an ISO/RFC string or epoch milliseconds. */
export type DateInput = Date | string | number | null | undefined;

/**
 * Formats a moment as `YYYY-MM-DD HH:mm` in Asia/Tokyo, using Intl only.
 * Strings are parsed by `Date`, numbers are epoch milliseconds. `null`,
 * `undefined`, empty strings and unparsable values give `'Invalid date'`
 * (rather than "now", which a missing timestamp must never pretend to be).
 * @see spec §9
 */
export function formatDate(input: DateInput): string {
  if (input === null || input === undefined || input === '') return INVALID_DATE;
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of partsFormatter.formatToParts(date)) part[type] = value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** A moment as whole unix seconds (what chains and Seaport orders count in). */
export function unixSeconds(date: Date): bigint {
  return BigInt(Math.floor(date.getTime() / 1000));
}

/** The zone's name as English pages write it after a time (Japanese pages need none: it is their own). */
export const DISPLAY_TIME_ZONE_LABEL = 'JST';

/**
 * {@link formatDate} for a page in `locale`: the same `YYYY-MM-DD HH:mm` in Japan time, followed on English
 * pages by the zone ({@link DISPLAY_TIME_ZONE_LABEL}), since a visitor abroad would otherwise read it as
 * their own time. An invalid date stays `'Invalid date'`.
 */
export function formatDateTime(input: DateInput, locale: string): string {
  const text = formatDate(input);
  return locale === 'en' && text !== INVALID_DATE ? `${text} ${DISPLAY_TIME_ZONE_LABEL}` : text;
}
