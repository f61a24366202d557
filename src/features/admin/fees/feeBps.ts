/**
 * Platform fee amounts in basis points (1 bp = 0.01 %): the highest fee an admin may set and the
 * conversions the fee screen shows and reads. Pure.
 *
 * @see docs/product-spec.md §2 (/admins/platform-fee), §9 ("Fees ... not shown")
 */

/**
 * Highest platform fee an admin may set: 1000 bp = 10 %. The database allows up to 100 %; the back
 * office stops at 10 % so that a typing slip cannot take most of a sale.
 */
export const MAX_PLATFORM_FEE_BPS = 1000;

/** Whether `bps` is a fee an admin may set: a whole number from 0 to {@link MAX_PLATFORM_FEE_BPS}. */
export function isAllowedFeeBps(bps: number): boolean {
  return Number.isInteger(bps) && bps >= 0 && bps <= MAX_PLATFORM_FEE_BPS;
}

/** `250` -> `'2.5%'`, `1000` -> `'10%'`, `1` -> `'0.01%'`. */
export function formatBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/**
 * A percentage as typed (`'2.5'`, `'2.50'`, `'10'`, `'0.01'`; no sign, at most two decimals) in basis
 * points, or null for anything else.
 */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0') || '0');
}
