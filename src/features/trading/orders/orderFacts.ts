/**
 * Whether an order can still be filled, from what the chain says, as one reason code (null when it can): for
 * a listing (the rules of Seaport's own `SeaportValidator`: the order's status, the offerer's counter, the
 * time window, the card's owner and the approval of the order's conduit, the royalty the card asks now), and
 * for an offer or a bid (status, counter, time window, the offerer's balance of the token and allowance to the
 * conduit). Both submit paths (`sell_card`, `sell_cards`, `offers`), order and offer health, the cart check
 * and the auction settlement ask these functions, and every code has one message in ja.json and en.json
 * (`order.reason.<code>`, {@link ORDER_REASON_KEYS}).
 *
 * Pure: the chain reads are ./listingState.server.ts and ./offerState.server.ts.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (order validity)
 * @see https://github.com/ProjectOpenSea/seaport-order-validator (the validator's checks)
 */
import type { Address } from 'viem';
import type { MessageKey } from '~/features/i18n/t';
import type { OfferInactiveReason } from '~/server/db/schema/offers';
import type { UnbuyableReason } from '~/server/db/schema/trading';
import { type OrderComponents, OrderType } from '../seaport/seaportTypes';
import { AUCTION_ZONE_HASH, BID_ZONE_HASH } from '../zone/zoneHash';
import type { ListingState } from './listingState.server';
import type { OfferState } from './offerState.server';
import { royaltyProblem } from './sellOrderRules';

/**
 * Every reason an order cannot be filled: what the chain says of a listing (`sell_orders.unbuyable_reason`)
 * or an offer (`offers.inactive_reason`); `no_conduit` (the order's conduit key names no conduit);
 * `signature` (it does not hold when the fill is simulated as it will be sent); `reverts` (the simulated
 * fill reverts for another reason of the order's); `contract_wallet` (a timed auction takes only signatures
 * made with the wallet's own key); `unknown` (no such order here), `auction` (a timed auction is not sold
 * from a cart), `exchange` (signed for another Seaport than the chain's), `private` (a private order, a counter
 * offer, asked for by someone other than its taker).
 */
export const ORDER_REASONS = [
  'cancelled',
  'filled',
  'counter',
  'expired',
  'not_started',
  'not_owner',
  'no_conduit',
  'not_approved',
  'royalty',
  'balance',
  'allowance',
  'signature',
  'reverts',
  'contract_wallet',
  'unknown',
  'auction',
  'exchange',
  'private',
] as const;

/** One reason. */
export type OrderReason = (typeof ORDER_REASONS)[number];

/** The message of each reason (ja.json / en.json). */
export const ORDER_REASON_KEYS = Object.fromEntries(
  ORDER_REASONS.map((reason) => [reason, `order.reason.${reason}`]),
) as Record<OrderReason, MessageKey>;

/** Whether `value` is one of {@link ORDER_REASONS}. */
export function isOrderReason(value: unknown): value is OrderReason {
  return (ORDER_REASONS as readonly unknown[]).includes(value);
}

/** Reasons that end an offer for good (the others may pass). */
export const FINAL_OFFER_REASONS: readonly OfferInactiveReason[] = ['cancelled', 'filled', 'counter', 'expired'];

/**
 * Whether `order` is a timed auction's listing or a bid on one: its zone hash says so (../zone/zoneHash.ts), and
 * the server signs its fulfilment only for the settlement, so nobody else can fill it.
 */
export function isAuctionOrder(order: Pick<OrderComponents, 'orderType' | 'zoneHash'>): boolean {
  const hash = order.zoneHash.toLowerCase();
  return isRestrictedType(order.orderType) && (hash === AUCTION_ZONE_HASH || hash === BID_ZONE_HASH);
}

const isRestrictedType = (orderType: number) =>
  orderType === OrderType.FULL_RESTRICTED || orderType === OrderType.PARTIAL_RESTRICTED;

/** What a listing's reason needs besides the order and the chain's state. */
export interface ListingContext {
  /** The platform's fee recipient (the royalty rule tells it from the creator). */
  feeRecipient: Address | undefined;
  /** Unix seconds now. */
  now: bigint;
}

/**
 * The first reason the listing `order` cannot be filled given `state`, or null when it can. A timed auction's
 * listing asks only the seller's share of the reserve (the winning bid pays fee and royalty), so its royalty
 * is not checked here.
 */
export function listingReason(
  order: OrderComponents,
  state: ListingState,
  context: ListingContext,
): UnbuyableReason | null {
  if (state.status.isCancelled) return 'cancelled';
  if (state.status.totalFilled > 0n) return 'filled';
  if (state.counter !== order.counter) return 'counter';
  if (order.endTime <= context.now) return 'expired';
  if (order.startTime > context.now) return 'not_started';
  if (state.owner?.toLowerCase() !== order.offerer.toLowerCase()) return 'not_owner';
  if (state.operator === undefined) return 'no_conduit';
  if (!state.approved) return 'not_approved';
  if (isAuctionOrder(order)) return null;
  const [card] = order.offer;
  const total = order.consideration.reduce((sum, item) => sum + item.endAmount, 0n);
  const claims = {
    contractAddress: card?.token ?? order.offerer,
    tokenId: card?.identifierOrCriteria ?? 0n,
    price: total,
    seller: order.offerer,
  };
  if (royaltyProblem(order, claims, state.royalty, context.feeRecipient)?.includes('royalty')) return 'royalty';
  return null;
}

/** An offer (or bid) as {@link offerReason} needs it. */
export interface CheckedOffer {
  counter: bigint;
  endTime: bigint;
  /** What the fill takes from the offerer: one card's price, or all the cards' when it is new. */
  amount: bigint;
}

/**
 * The first reason the offer cannot be accepted given `state`, or null when it can: cancelled, used up,
 * voided by a counter or past its end is over for good; an offerer who holds too little of the token, or
 * allowed the conduit too little, makes it inactive until they have it again.
 */
export function offerReason(offer: CheckedOffer, state: OfferState, now: bigint): OfferInactiveReason | null {
  if (state.status.isCancelled) return 'cancelled';
  if (state.status.totalSize > 0n && state.status.totalFilled >= state.status.totalSize) return 'filled';
  if (state.counter !== offer.counter) return 'counter';
  if (offer.endTime <= now) return 'expired';
  if (state.operator === undefined) return 'no_conduit';
  if (state.balance < offer.amount) return 'balance';
  if (state.allowance < offer.amount) return 'allowance';
  return null;
}
