/**
 * Loads the card of a token page (`/tokens/{chain_id}/{contract}/{token_id}`, `/nfts/{id}`) with what the page
 * shows of it, all in the card's one statement: its price history, the offers an owner could accept, its open
 * trade offers and where it lives (each section's query and reader are its feature's; a miss made six round trips
 * to the database, now one: each cost ~0.3 ms of CPU across both threads). A timed auction's bids follow (their own
 * query: few cards have one). The page is the same for every visitor and kept by the route cache, so views are not
 * counted here: the page's script counts one per visitor (`POST /api/v1/cards/{id}/view`). A failed load becomes
 * the page's error state.
 *
 * Spec §2 (/tokens/..., /nfts/{id}).
 */
import { CARD_ROW, type CardKey } from '~/features/catalogue/cards/cardDetail.server';
import { getCard } from '~/features/catalogue/cards/cards.server';
import type { CardDetail } from '~/features/catalogue/types';
import { type CardPriceHistory, cardPriceHistoryOf, cardPriceHistorySql } from '~/features/market/priceHistory.server';
import { type CardStorage, cardStorageOf, cardStorageSql } from '~/features/media/cardStorage.server';
import { type Attempt, attempt } from '~/lib/attempt';
import { database } from '~/server/db/client';
import type { Database } from '~/server/db/types';
import { withAuction } from '../auction/auctionView.server';
import { cardOffersOf, cardOffersSql } from '../offer/offerQueries.server';
import type { OfferView } from '../offer/offerView';
import { cardTradesOf, cardTradesSql } from '../trade/tradeQueries.server';
import type { TradeOfferView } from '../trade/tradeView';

/** A token page's card and its sections. */
export type TokenPageCard = CardDetail & {
  history: CardPriceHistory;
  /** Offers an owner could accept, best first. */
  offers: OfferView[];
  /** Open trade offers asking for it or giving it, newest first. */
  trades: TradeOfferView[];
  /** Where it lives; null when its metadata is not published here. */
  storage: CardStorage | null;
};

/** The sections read with the card (see the module comment). */
const SECTIONS = {
  name: 'token_page',
  columns: {
    history: cardPriceHistorySql(CARD_ROW),
    offers: cardOffersSql(CARD_ROW, { withTraitIds: false }),
    trades: cardTradesSql(CARD_ROW),
    storage: cardStorageSql(CARD_ROW),
  },
};

/** The card with its sections from `db`, or null when unknown or hidden. */
export async function readTokenPage(db: Database, key: CardKey): Promise<TokenPageCard | null> {
  const found = await getCard(db, key, SECTIONS);
  if (!found) return null;
  const { sections, ...card } = found;
  return withAuction(db, {
    ...card,
    history: cardPriceHistoryOf(sections.history),
    offers: cardOffersOf(sections.offers),
    trades: cardTradesOf(sections.trades),
    storage: cardStorageOf(sections.storage),
  });
}

/** The card with its sections, or null when unknown or hidden; a failure as the page's error state. */
export function loadTokenPage(key: CardKey): Promise<Attempt<TokenPageCard | null>> {
  return attempt('token page card', async () => readTokenPage(await database(), key));
}
