import type { Translate } from '~/features/i18n/t';
import { UNBUYABLE_REASONS } from '~/server/db/schema/trading';

/**
 * The sentence that tells the seller (and buyers) why a listing cannot be bought right now, in the reader's
 * language, from the one table of order reasons (`order.reason.<code>`); an unknown reason gets the general
 * one.
 * @see ../../trading/orders/orderFacts.ts
 */
export function unbuyableText(t: Translate, reason: string): string {
  const known = (UNBUYABLE_REASONS as readonly string[]).includes(reason)
    ? (reason as (typeof UNBUYABLE_REASONS)[number])
    : 'reverts';
  return t('listing.unbuyable', { reason: t(`order.reason.${known}`) });
}
