/**
 * Why a signed listing or offer cannot be filled now, by what the chain says, or null: its state read in one
 * round (./listingState.server.ts, ./offerState.server.ts) and judged as the marketplace judges it
 * (./orderFacts.ts). The zone's fulfilment check, the auction settlement's blame and the listings' health check
 * (./orderHealth.server.ts) ask the same question.
 */
import type { Address, Hex } from 'viem';
import type { Chain } from '~/features/chains/chains';
import type { UnbuyableReason } from '~/server/db/schema/trading';
import { orderHash } from '../seaport/orderHash';
import type { OrderComponents } from '../seaport/seaportTypes';
import { type ListingStateQuery, readListingState } from './listingState.server';
import { readOfferState } from './offerState.server';
import { listingReason, type OrderReason, offerReason } from './orderFacts';

/**
 * How a listing is checked: the price its royalty is asked at (and a declining price's end price); for a stored
 * listing, the Seaport and order hash it was stored with (else the chain's Seaport and the order's own hash); and
 * the platform's fee recipient, which the royalty rule tells from the creator (else none).
 */
export interface ListingCheck extends Pick<ListingStateQuery, 'price' | 'endPrice'> {
  seaport?: Address;
  orderHash?: Hex;
  feeRecipient?: Address | undefined;
}

/** Why `listing` cannot be filled at `now` (unix seconds), checked as `check` says (`reverts`: no card), or null. */
export async function chainListingReason(
  chain: Chain,
  listing: OrderComponents,
  check: ListingCheck,
  now: bigint,
): Promise<UnbuyableReason | 'reverts' | null> {
  const [card] = listing.offer;
  if (!card) return 'reverts';
  const state = await readListingState(chain, {
    seaport: check.seaport ?? chain.contracts.exchange,
    card: card.token,
    tokenId: card.identifierOrCriteria,
    seller: listing.offerer,
    conduitKey: listing.conduitKey,
    orderHash: check.orderHash ?? orderHash(listing),
    price: check.price,
    endPrice: check.endPrice,
  });
  return listingReason(listing, state, { feeRecipient: check.feeRecipient, now });
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
