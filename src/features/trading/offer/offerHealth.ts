/**
 * Whether a stored offer can be accepted now, from what the chain says: an offer cancelled, used up, voided
 * by a counter bump or past its end is over for good; one whose offerer holds too little of the token, or
 * allowed the conduit too little, is inactive and comes back by itself when they have it again (pure).
 */
import type { OfferInactiveReason } from '~/server/db/schema/offers';
import type { OfferState } from './offerState.server';

/** The stored offer, as the check needs it. */
export interface CheckedOffer {
  counter: bigint;
  endTime: bigint;
  /** What accepting one card takes from the offerer. */
  unitPrice: bigint;
}

/** Reasons that end an offer for good (the others may pass). */
export const FINAL_OFFER_REASONS: readonly OfferInactiveReason[] = ['cancelled', 'filled', 'counter', 'expired'];

/** The first reason the offer cannot be accepted, or null when it can. */
export function offerInactiveReason(offer: CheckedOffer, state: OfferState, now: bigint): OfferInactiveReason | null {
  if (state.status.isCancelled) return 'cancelled';
  if (state.status.totalSize > 0n && state.status.totalFilled >= state.status.totalSize) return 'filled';
  if (state.counter !== offer.counter) return 'counter';
  if (offer.endTime <= now) return 'expired';
  if (state.balance < offer.unitPrice) return 'balance';
  if (state.allowance < offer.unitPrice) return 'allowance';
  return null;
}
