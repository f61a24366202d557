/**
 * Loads the card of a token page (`/tokens/{chain_id}/{contract}/{token_id}`, `/nfts/{id}`). The page is the
 * same for every visitor and kept by the route cache, so views are not counted here: the page's script
 * counts one per visitor (`POST /api/v1/cards/{id}/view`). A failed load becomes the page's error state.
 *
 * Spec §2 (/tokens/..., /nfts/{id}).
 */

import { type Attempt, attempt } from '~/lib/attempt';
import { database } from '~/server/db/client';
import type { CardDetail } from '../types';
import type { CardKey } from './cardQueries.server';
import { getCard } from './cards.server';

/** The card, or null when unknown or hidden. */
export function loadTokenPage(key: CardKey): Promise<Attempt<CardDetail | null>> {
  return attempt('token page card', async () => getCard(await database(), key));
}
