/**
 * Loads the card of a token page (`/tokens/{chain_id}/{contract}/{token_id}`, `/nfts/{id}`) and counts
 * the view (once per IP and card per hour). A failed view count never spoils the page; a failed load
 * becomes the page's error state.
 *
 * @see /work/shared/spec/marketplace-spec.md §2 (/tokens/..., /nfts/{id})
 */
import { database } from '../../server/db/client';
import { type Attempt, attempt } from './attempt';
import type { CardKey } from './cardQueries.server';
import { getCard, recordCardView } from './cards.server';
import type { CardDetail } from './types';

/** The card (null when unknown or hidden) with its view counted for `ip`. */
export async function loadTokenPage(key: CardKey, ip: string): Promise<Attempt<CardDetail | null>> {
  return attempt('token page card', async () => {
    const db = await database();
    const card = await getCard(db, key);
    if (!card) return null;
    try {
      const view = await recordCardView(db, card.id, ip);
      if (view) card.views = view.views;
    } catch (error) {
      console.error('[page] counting a card view failed', error);
    }
    return card;
  });
}

/** The visitor's IP address from Astro's `clientAddress` getter (which throws when the adapter cannot tell). */
export function clientIpOf(read: () => string): string {
  try {
    return read() || 'unknown';
  } catch {
    // such views share one bucket
    return 'unknown';
  }
}
