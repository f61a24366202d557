/**
 * The rules a listing's Seaport order must follow before the server stores it, checked without the chain:
 * the order is the seller's, restricted to the Kirafuda zone, offers exactly the named card through the platform's
 * conduit, runs from now for at
 * most 180 days, asks a fixed or declining price in a currency the chain lists
 * (starting at the payload's price), pays the platform fee to the platform, and pays nobody else than the
 * seller, the platform and the card's royalty receiver. The royalty rule takes the chain's ERC-2981 answer.
 * A declining price (Dutch auction) has every item's end amount at most its start amount; fee and royalty
 * are checked at both ends of the curve (in between, Seaport interpolates every item alike).
 *
 * Each function returns the first problem as a sentence for the caller, or undefined when the order is fine.
 *
 * Spec §3 "Sell-card payload", §7 sell_card.
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 */
import { type Address, type Hex, zeroHash } from 'viem';
import { considerationTotal } from '../seaport/orderAmounts';
import { ItemType, type OrderComponents, OrderType } from '../seaport/seaportTypes';
import type { CurrencyToken } from '../terms/currencyTokens';

/** The payload fields the order must agree with. */
export interface SellOrderClaims {
  contractAddress: Address;
  tokenId: bigint;
  price: bigint;
  seller: Address;
}

/** What the chain and the platform require of the order. */
export interface SellOrderContext {
  /** How the payload's currency is paid on this chain, or undefined when the chain does not list in it. */
  currency: CurrencyToken | undefined;
  feeBps: number;
  feeRecipient: Address | undefined;
  /** The platform's conduit key: the only one a listing may name (so the site can check its approval). */
  conduitKey: Hex;
  /** The chain's Kirafuda zone, which every listing must name. */
  zone: Address;
  /** Unix seconds now. */
  now: bigint;
}

/** Longest listing: 180 days, as the sell form offers. */
export const MAX_ORDER_DURATION_SECONDS = 180n * 24n * 3600n;
/** How far in the future a listing may start (a wallet's clock may run a little ahead). */
export const MAX_START_SKEW_SECONDS = 60n;

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The total `order` pays to `recipient`, at its end (`endAmount`s, the default) or at its start. */
export function paidTo(order: OrderComponents, recipient: string, at: 'start' | 'end' = 'end'): bigint {
  return order.consideration
    .filter((item) => same(item.recipient, recipient))
    .reduce((sum, item) => sum + (at === 'start' ? item.startAmount : item.endAmount), 0n);
}

/** The problem with the order's timing, if any: it runs now (give or take a minute) and for at most 180 days. */
export function durationProblem(
  order: Pick<OrderComponents, 'startTime' | 'endTime'>,
  now: bigint,
): string | undefined {
  if (order.endTime <= order.startTime) return 'order.endTime must be after order.startTime';
  if (order.startTime > now + MAX_START_SKEW_SECONDS) return 'order.startTime must not be in the future';
  if (order.endTime <= now) return 'The order has already expired';
  if (order.endTime > now + MAX_ORDER_DURATION_SECONDS) return 'order.endTime must be within 180 days';
  return undefined;
}

/** The problem with the order's offer and timing, if any. */
function offerProblem(order: OrderComponents, claims: SellOrderClaims, context: SellOrderContext): string | undefined {
  if (!same(order.offerer, claims.seller)) return 'order.offerer must be the seller_address';
  if (order.orderType !== OrderType.FULL_RESTRICTED) return 'order.orderType must be 2 (full, restricted)';
  if (!same(order.zone, context.zone)) return `order.zone must be the Kirafuda zone (${context.zone})`;
  if (order.zoneHash !== zeroHash) return 'order.zoneHash must be zero (an auction is listed as one)';
  const [offer, ...more] = order.offer;
  if (offer === undefined || more.length > 0) return 'order.offer must hold exactly the card';
  if (offer.itemType !== ItemType.ERC721 || !same(offer.token, claims.contractAddress)) {
    return 'order.offer must be the ERC-721 card of contract_address';
  }
  if (offer.identifierOrCriteria !== claims.tokenId) return 'order.offer must be the token_id';
  if (offer.startAmount !== 1n || offer.endAmount !== 1n) return 'order.offer must offer one card';
  if (!same(order.conduitKey, context.conduitKey))
    return `order.conduitKey must be the platform's (${context.conduitKey})`;
  return durationProblem(order, context.now);
}

/** The problem with what the order asks for (currency, price, fee, recipients), if any. */
function considerationProblem(
  order: OrderComponents,
  claims: SellOrderClaims,
  context: SellOrderContext,
): string | undefined {
  const { currency } = context;
  if (currency === undefined) return 'currency_code: this chain does not list in that currency';
  for (const item of order.consideration) {
    if (item.itemType !== currency.itemType || !same(item.token, currency.token)) {
      return 'order.consideration must be paid in the currency of currency_code';
    }
    if (item.identifierOrCriteria !== 0n) return 'order.consideration items must have identifier 0';
    if (item.endAmount > item.startAmount) return 'order.consideration amounts may only decline over time';
  }
  if (considerationTotal(order, 'start') !== claims.price) {
    return 'price must equal the sum of order.consideration (their start amounts)';
  }
  const first = order.consideration[0];
  if (!first || !same(first.recipient, claims.seller) || first.endAmount === 0n) {
    return 'the first consideration item must pay the seller';
  }
  for (const at of ['start', 'end'] as const) {
    const fee = (considerationTotal(order, at) * BigInt(context.feeBps)) / 10_000n;
    if (fee === 0n) continue;
    if (context.feeRecipient === undefined) return 'Listings are closed: the platform fee recipient is not configured';
    if (paidTo(order, context.feeRecipient, at) < fee) return `order must pay the platform fee (${context.feeBps} bps)`;
  }
  return undefined;
}

/** The first problem with `order` against the payload and the platform's terms, or undefined. */
export function sellOrderProblem(
  order: OrderComponents,
  claims: SellOrderClaims,
  context: SellOrderContext,
): string | undefined {
  return offerProblem(order, claims, context) ?? considerationProblem(order, claims, context);
}

/**
 * The problem with the order's royalty and recipients, given the card's ERC-2981 answer for the price (and,
 * for a declining price, `endAmount` for the end price), or undefined. A seller who is the royalty receiver
 * need not pay themselves. Nobody outside seller, platform and royalty receiver may be paid.
 */
export function royaltyProblem(
  order: OrderComponents,
  claims: SellOrderClaims,
  royalty: { receiver: Address; amount: bigint; endAmount?: bigint },
  feeRecipient: Address | undefined,
): string | undefined {
  const endAmount = royalty.endAmount ?? royalty.amount;
  const owed = (royalty.amount > 0n || endAmount > 0n) && !same(royalty.receiver, claims.seller);
  if (
    owed &&
    (paidTo(order, royalty.receiver, 'start') < royalty.amount || paidTo(order, royalty.receiver) < endAmount)
  ) {
    return 'order must pay the creator royalty (ERC-2981)';
  }
  const allowed = [claims.seller, feeRecipient, owed ? royalty.receiver : undefined].filter(
    (value): value is Address => value !== undefined,
  );
  const stranger = order.consideration.find((item) => !allowed.some((address) => same(address, item.recipient)));
  return stranger
    ? 'order.consideration pays an address that is not the seller, the platform or the creator'
    : undefined;
}
