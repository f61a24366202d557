import type { Translate } from '~/features/i18n/t';

/** Reasons a listing cannot be bought, as `sell_orders.unbuyable_reason` stores them. */
const KNOWN = [
  'not_owner',
  'not_approved',
  'cancelled',
  'filled',
  'counter',
  'not_started',
  'expired',
  'royalty',
] as const;

/**
 * The sentence that tells the seller (and buyers) why a listing cannot be bought right now, in the reader's
 * language; an unknown reason gets the general one.
 * @see ../../trading/orderHealth.server.ts
 */
export function unbuyableText(t: Translate, reason: string): string {
  const known = (KNOWN as readonly string[]).includes(reason) ? (reason as (typeof KNOWN)[number]) : 'other';
  return t(`listing.unbuyable.${known}`);
}
