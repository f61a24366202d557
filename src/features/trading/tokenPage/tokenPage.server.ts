/**
 * Loads the card of a token page (`/tokens/{chain_id}/{contract}/{token_id}`, `/nfts/{id}`) with what trading
 * adds to it (a timed auction's bids). The page is the same for every visitor and kept by the route cache, so
 * views are not counted here: the page's script counts one per visitor (`POST /api/v1/cards/{id}/view`). A
 * failed load becomes the page's error state.
 *
 * Spec §2 (/tokens/..., /nfts/{id}).
 */
import type { CardKey } from '~/features/catalogue/cards/cardDetail.server';
import { getCard } from '~/features/catalogue/cards/cards.server';
import type { CardDetail } from '~/features/catalogue/types';
import { type Attempt, attempt } from '~/lib/attempt';
import { database } from '~/server/db/client';
import { withAuction } from '../auction/auctionView.server';

/** The card, or null when unknown or hidden. */
export function loadTokenPage(key: CardKey): Promise<Attempt<CardDetail | null>> {
  return attempt('token page card', async () => {
    const db = await database();
    const card = await getCard(db, key);
    return card && withAuction(db, card);
  });
}
