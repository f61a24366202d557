/**
 * Why a signed listing or offer cannot be filled now, by what the chain says, or null: its state read in one
 * round (./listingState.server.ts, ./offerState.server.ts) and judged as the marketplace judges it
 * (./orderFacts.ts). The zone's fulfilment check and the auction settlement's blame ask the same question.
 */
import type { Chain } from '~/features/chains/chains';
import { orderHash } from '../seaport/orderHash';
import type { OrderComponents } from '../seaport/seaportTypes';
import { type ListingStateQuery, readListingState } from './listingState.server';
import { readOfferState } from './offerState.server';
import { listingReason, type OrderReason, offerReason } from './orderFacts';

/** Why `listing` cannot be filled at `now` (unix seconds), its royalty asked at `price` (and `endPrice`), or null. */
export async function chainListingReason(
  chain: Chain,
  listing: OrderComponents,
  price: Pick<ListingStateQuery, 'price' | 'endPrice'>,
  now: bigint,
): Promise<OrderReason | null> {
  const [card] = listing.offer;
  if (!card) return 'reverts';
  const state = await readListingState(chain, {
    seaport: chain.contracts.exchange,
    card: card.token,
    tokenId: card.identifierOrCriteria,
    seller: listing.offerer,
    conduitKey: listing.conduitKey,
    orderHash: orderHash(listing),
    ...price,
  });
  return listingReason(listing, state, { feeRecipient: undefined, now });
}

/**
 * Why offer (or bid) `offer` cannot pay `amount` for a card at `now` (unix seconds), its royalty asked at
 * `unitPrice`, or null.
 */
export async function chainOfferReason(
  chain: Chain,
  offer: OrderComponents,
  price: { unitPrice: bigint; amount: bigint },
  now: bigint,
): Promise<OrderReason | null> {
  const [given] = offer.offer;
  if (!given) return 'reverts';
  const state = await readOfferState(chain, {
    seaport: chain.contracts.exchange,
    offerer: offer.offerer,
    token: given.token,
    conduitKey: offer.conduitKey,
    orderHash: orderHash(offer),
    card: undefined,
    unitPrice: price.unitPrice,
  });
  return offerReason({ counter: offer.counter, endTime: offer.endTime, amount: price.amount }, state, now);
}
