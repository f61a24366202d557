/**
 * What the trading forms share, pure (no wallet library, so islands import it statically): reading an
 * amount the visitor typed, the listing period in whole days and the order's start and end for it, and the
 * seller's page to go to after listing.
 *
 * @see docs/product-spec.md §3 "Sell-card payload"
 */

/**
 * Parses a decimal amount typed by the user ("0.5", "12", "1,000.25") into the smallest unit; null for
 * anything that is not a positive number with at most `decimals` fraction digits.
 */
export function parseAmount(text: string, decimals: number): bigint | null {
  const cleaned = text.trim().replace(/,/g, '');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || cleaned === '' || cleaned === '.') return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  const value = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
  return value > 0n ? value : null;
}

/** Longest listing the form offers, in days. */
export const MAX_EXPIRY_DAYS = 180;

/** Whether an order may last `days` days: a whole number from 1 to {@link MAX_EXPIRY_DAYS}. */
export function isOrderDays(days: number): boolean {
  return Number.isInteger(days) && days >= 1 && days <= MAX_EXPIRY_DAYS;
}

/**
 * The listing's start and end (unix seconds) for an expiry of `days` whole days from `nowSeconds`;
 * null for a number of days outside 1..{@link MAX_EXPIRY_DAYS}.
 */
export function listingWindow(nowSeconds: number, days: number): { startTime: bigint; endTime: bigint } | null {
  if (!isOrderDays(days)) return null;
  const start = Math.floor(nowSeconds);
  return { startTime: BigInt(start), endTime: BigInt(start + days * 86_400) };
}

/** The seller's page after listing: `/user/{wallet}` under the locale prefix. */
export function userPagePath(localePrefix: string, wallet: string): string {
  return `${localePrefix}/user/${wallet}`;
}
