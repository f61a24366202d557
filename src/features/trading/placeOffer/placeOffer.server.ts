/**
 * `POST /api/v1/offers`: an offer (../offer/submitOffer.server.ts), or a bid when the card is in a running
 * timed auction, held to the auction's rules (../auction/bids.server.ts). Offers and auctions do not import
 * each other; this is where they meet.
 */
import type { Database } from '~/server/db/types';
import { auctionBidTerms } from '../auction/bids.server';
import type { OfferPayload } from '../offer/offerPayload';
import type { OfferView } from '../offer/offerView';
import { submitOffer } from '../offer/submitOffer.server';
import type { OrderOptions, Seller } from '../orders/orderCalls.server';

/**
 * Checks and stores an offer or a bid. Resolves `{ created: true }` for a new one, `{ created: false }` when the
 * same order was stored before and is still active.
 * @throws HttpError as `submitOffer` (409 also when a higher bid came first or the auction ended)
 */
export function placeOffer(
  db: Database,
  offerer: Seller,
  input: OfferPayload,
  options: OrderOptions = {},
): Promise<{ created: boolean; offer: OfferView }> {
  return submitOffer(db, offerer, input, options, auctionBidTerms);
}
