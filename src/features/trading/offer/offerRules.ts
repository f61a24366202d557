/**
 * The rules an offer's Seaport order must follow before the server stores it, checked without the chain:
 * the offer is the signed-in wallet's, gives exactly one ERC-20 the chain lists (native coins cannot be
 * offered through Seaport), asks first for the card, a card of the collection (criteria 0) or a card under a
 * trait's merkle root, to the offerer, runs through the platform's conduit from now for at most 180 days, and
 * pays the platform fee out of the offered amount in the same token. A partially fillable offer asks for up to
 * N cards with every amount divisible by N. The royalty rule takes the chain's ERC-2981 answer
 * ({@link offerRoyaltyProblem}). Every offer is restricted to the Kirafuda zone (FULL_RESTRICTED for one card,
 * PARTIAL_RESTRICTED for several). A bid on a timed auction is a token offer whose zone hash marks it a bid
 * (../zone/zoneHash.ts): the server signs its fill only for the settlement, so once the auction is over the losing
 * bids are dead (../auction/auctionRules.ts).
 *
 * Each function returns the first problem as a sentence for the caller.
 *
 * @see ./../seaport/buildOffer.ts (the layout)
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 */
import { type Address, type Hex, zeroAddress, zeroHash } from 'viem';
import type { OfferKind } from '~/server/db/schema/offers';
import { durationProblem, paidTo } from '../orders/sellOrderRules';
import { unitFee } from '../seaport/buildOffer';
import { ItemType, type OrderComponents, OrderType } from '../seaport/seaportTypes';
import { BID_ZONE_HASH } from '../zone/zoneHash';

/** Most cards one offer may ask for. */
export const MAX_OFFER_QUANTITY = 100;

/** An ERC-20 the chain lists, with its currency code. */
export interface OfferCurrency {
  code: number;
  token: Address;
}

/** What the platform requires of an offer on a chain. */
export interface OfferContext {
  /** The signed-in wallet. */
  offerer: Address;
  /** The ERC-20 currencies of the chain. */
  currencies: readonly OfferCurrency[];
  feeBps: number;
  feeRecipient: Address | undefined;
  conduitKey: Hex;
  /** The platform's auction settlement account; undefined when auctions are closed (no bids then). */
  settler: Address | undefined;
  /** The chain's Kirafuda zone, which every offer must name. */
  zone: Address;
  /** Unix seconds now. */
  now: bigint;
}

/** What an acceptable offer asks for and gives. */
export interface OfferShape {
  kind: OfferKind;
  contract: Address;
  /** The card of a token offer. */
  tokenId?: bigint;
  /** The merkle root of a trait offer. */
  root?: bigint;
  quantity: number;
  /** What one card earns before fee and royalty. */
  unitPrice: bigint;
  token: Address;
  currencyCode: number;
  /** Restricted to the settlement account: a bid on a timed auction. */
  restricted: boolean;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

type Read = { shape: OfferShape; problem?: undefined } | { problem: string; shape?: undefined };

function wantedProblem(order: OrderComponents): string | undefined {
  const [wanted] = order.consideration;
  if (wanted === undefined || !same(wanted.recipient, order.offerer)) {
    return 'the first consideration item must be the card, to the offerer';
  }
  if (wanted.itemType !== ItemType.ERC721 && wanted.itemType !== ItemType.ERC721_WITH_CRITERIA) {
    return 'the first consideration item must be an ERC-721 card or cards of a collection';
  }
  if (wanted.startAmount !== wanted.endAmount) return 'the number of cards asked for must be fixed';
  return undefined;
}

/** Reads what the order offers and asks for, or the first problem (see the module comment). */
export function readOffer(order: OrderComponents, context: OfferContext): Read {
  if (!same(order.offerer, context.offerer)) return { problem: 'order.offerer must be your wallet' };
  if (!same(order.zone, context.zone)) return { problem: `order.zone must be the Kirafuda zone (${context.zone})` };
  if (order.orderType !== OrderType.FULL_RESTRICTED && order.orderType !== OrderType.PARTIAL_RESTRICTED) {
    return { problem: 'order.orderType must be 2 (full, restricted) or 3 (partial, restricted: several cards)' };
  }
  const zoneHash = order.zoneHash.toLowerCase();
  const restricted = zoneHash === BID_ZONE_HASH;
  if (restricted && !context.settler)
    return { problem: 'Auctions are closed: the settlement account is not configured' };
  if (!restricted && zoneHash !== zeroHash)
    return { problem: `order.zoneHash must be zero, or ${BID_ZONE_HASH} for a bid` };
  const [given, ...more] = order.offer;
  if (given === undefined || more.length > 0) return { problem: 'order.offer must hold exactly one ERC-20 amount' };
  const currency = context.currencies.find((entry) => same(entry.token, given.token));
  if (given.itemType !== ItemType.ERC20 || currency === undefined) {
    return { problem: 'order.offer must be an ERC-20 this chain lists (wrap the native coin first)' };
  }
  if (given.startAmount !== given.endAmount || given.endAmount === 0n) {
    return { problem: 'order.offer must be a fixed amount above zero' };
  }
  const wantedIssue = wantedProblem(order);
  if (wantedIssue) return { problem: wantedIssue };
  const wanted = order.consideration[0] as (typeof order.consideration)[number];
  const quantity = wanted.endAmount;
  const kind: OfferKind =
    wanted.itemType === ItemType.ERC721 ? 'token' : wanted.identifierOrCriteria === 0n ? 'collection' : 'trait';
  if (restricted && kind !== 'token') return { problem: 'a bid asks for one card' };
  if (kind === 'token' && (quantity !== 1n || order.orderType !== OrderType.FULL_RESTRICTED)) {
    return { problem: 'an offer on one card asks for exactly that card (amount 1, orderType 2)' };
  }
  if (quantity < 1n || quantity > BigInt(MAX_OFFER_QUANTITY)) {
    return { problem: `an offer may ask for 1 to ${MAX_OFFER_QUANTITY} cards` };
  }
  if (quantity > 1n && order.orderType !== OrderType.PARTIAL_RESTRICTED) {
    return { problem: 'an offer for several cards must be partially fillable (orderType 3)' };
  }
  for (const item of order.consideration.slice(1)) {
    if (item.itemType !== ItemType.ERC20 || !same(item.token, given.token) || item.identifierOrCriteria !== 0n) {
      return { problem: 'fee and royalty must be paid in the offered ERC-20' };
    }
    if (item.startAmount !== item.endAmount) return { problem: 'fee and royalty must be fixed amounts' };
  }
  const amounts = [given.endAmount, ...order.consideration.slice(1).map((item) => item.endAmount)];
  if (amounts.some((amount) => amount % quantity !== 0n)) {
    return { problem: 'every amount must divide by the number of cards asked for' };
  }
  if (!same(order.conduitKey, context.conduitKey)) {
    return { problem: `order.conduitKey must be the platform's (${context.conduitKey})` };
  }
  const timing = durationProblem(order, context.now);
  if (timing) return { problem: timing };
  const unitPrice = given.endAmount / quantity;
  const fee = unitFee(unitPrice, context.feeBps) * quantity;
  if (fee > 0n) {
    if (context.feeRecipient === undefined)
      return { problem: 'Offers are closed: the platform fee recipient is not configured' };
    if (paidTo(order, context.feeRecipient) < fee)
      return { problem: `order must pay the platform fee (${context.feeBps} bps)` };
  }
  const paidOut = order.consideration.slice(1).reduce((sum, item) => sum + item.endAmount, 0n);
  if (paidOut >= given.endAmount) return { problem: 'fee and royalty must leave something for the seller' };
  return {
    shape: {
      kind,
      contract: wanted.token,
      ...(kind === 'token' ? { tokenId: wanted.identifierOrCriteria } : {}),
      ...(kind === 'trait' ? { root: wanted.identifierOrCriteria } : {}),
      quantity: Number(quantity),
      unitPrice,
      token: given.token,
      currencyCode: currency.code,
      restricted,
    },
  };
}

/**
 * The problem with the offer's royalty and recipients given the card's ERC-2981 answer for one card at the
 * unit price: the royalty is paid (for every card asked for), and nobody but the platform and the royalty
 * receiver is paid out of the offer.
 */
export function offerRoyaltyProblem(
  order: OrderComponents,
  shape: OfferShape,
  royalty: { receiver: Address; amount: bigint },
  feeRecipient: Address | undefined,
): string | undefined {
  const owed = royalty.amount > 0n && !same(royalty.receiver, zeroAddress);
  if (owed && paidTo(order, royalty.receiver) < royalty.amount * BigInt(shape.quantity)) {
    return 'order must pay the creator royalty (ERC-2981)';
  }
  const allowed = [feeRecipient, owed ? royalty.receiver : undefined].filter(
    (value): value is Address => value !== undefined,
  );
  const stranger = order.consideration
    .slice(1)
    .find((item) => !allowed.some((address) => same(address, item.recipient)));
  return stranger ? 'order.consideration pays an address that is not the platform or the creator' : undefined;
}
