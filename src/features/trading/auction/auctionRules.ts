/**
 * Timed (English) auctions, the pure part: the seller's listing order, what the server requires of it, the
 * lowest acceptable next bid, and the anti-sniping extension.
 *
 * The listing is a Seaport order restricted to the Kirafuda zone whose zone hash marks it an auction's
 * (../zone/zoneHash.ts): the server signs its fulfilment only for the platform's settlement account, paired with
 * the winning bid, so nobody else can buy the card at the reserve. It offers the card and asks, in the auction's
 * ERC-20, for the seller's share of the reserve (reserve minus platform fee minus royalty). A bid is a token offer
 * marked as a bid (its own items pay the fee and the royalty out of the bid, which the zone checks). At the end
 * the settlement account matches the two orders (`matchAdvancedOrders`, ./settlementCall.ts) with the zone's
 * signatures, itself as caller and the seller as recipient of what the bid leaves over: the seller receives the
 * bid minus fee and royalty, never less than the reserve's share.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (restricted orders, match orders)
 */
import type { Address, Hex } from 'viem';
import { isAuctionOrder } from '../orders/orderFacts';
import { durationProblem } from '../orders/sellOrderRules';
import { ItemType, type OrderComponents, OrderType } from '../seaport/seaportTypes';
import { AUCTION_ZONE_HASH } from '../zone/zoneHash';

/** A bid in the last ten minutes moves the end to ten minutes after it. */
export const ANTI_SNIPING_SECONDS = 600n;
/** The listing stays fillable this long after the scheduled end, for extensions and the settlement. */
export const SETTLEMENT_WINDOW_SECONDS = 86_400n;
/** The end cannot move later than this before the listing's own end (the settlement needs the time). */
export const SETTLEMENT_MARGIN_SECONDS = 3_600n;
/** A new bid beats the highest by at least 5 %. */
export const MIN_STEP_BPS = 500;
/** Shortest and longest auctions. */
export const MIN_AUCTION_SECONDS = 600n;
export const MAX_AUCTION_SECONDS = 30n * 86_400n;

const BPS = 10_000n;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The seller's share of the reserve: what the listing itself asks for. */
export function reserveShare(reserve: bigint, feeBps: number, royalty: bigint): bigint {
  return reserve - (reserve * BigInt(feeBps)) / BPS - royalty;
}

/** Parameters of {@link buildAuctionListing}. */
export interface AuctionListingParameters {
  seller: Address;
  nft: { readonly contract: Address; readonly tokenId: bigint };
  /** The lowest winning bid, in the smallest unit of `currency`. */
  reserve: bigint;
  /** The auction's ERC-20 (bids are offers, and offers pay in ERC-20s). */
  currency: Address;
  feeBps: number;
  /** `royaltyInfo(tokenId, reserve)` (ERC-2981). */
  royalty: bigint;
  /** The Kirafuda zone. */
  zone: Address;
  startTime: bigint;
  /** When bidding ends (unix seconds); the order lasts {@link SETTLEMENT_WINDOW_SECONDS} longer. */
  endsAt: bigint;
  salt: bigint;
  counter: bigint;
  conduitKey: Hex;
}

/** The auction's listing order; sign it with `signOrder`. */
export function buildAuctionListing(parameters: AuctionListingParameters): OrderComponents {
  const share = reserveShare(parameters.reserve, parameters.feeBps, parameters.royalty);
  if (share <= 0n) throw new RangeError('fee and royalty leave nothing of the reserve for the seller');
  return {
    offerer: parameters.seller,
    zone: parameters.zone,
    offer: [
      {
        itemType: ItemType.ERC721,
        token: parameters.nft.contract,
        identifierOrCriteria: parameters.nft.tokenId,
        startAmount: 1n,
        endAmount: 1n,
      },
    ],
    consideration: [
      {
        itemType: ItemType.ERC20,
        token: parameters.currency,
        identifierOrCriteria: 0n,
        startAmount: share,
        endAmount: share,
        recipient: parameters.seller,
      },
    ],
    orderType: OrderType.FULL_RESTRICTED,
    startTime: parameters.startTime,
    endTime: parameters.endsAt + SETTLEMENT_WINDOW_SECONDS,
    zoneHash: AUCTION_ZONE_HASH,
    salt: parameters.salt,
    conduitKey: parameters.conduitKey,
    counter: parameters.counter,
  };
}

/** When bidding on an auction listing ends: the order's end less the settlement window. */
export function auctionEnd(order: Pick<OrderComponents, 'endTime'>): bigint {
  return order.endTime - SETTLEMENT_WINDOW_SECONDS;
}

/** Whether `order` is a timed-auction listing (restricted to a zone) rather than an open one. */
export const isAuctionListing = isAuctionOrder;

/** What the server requires of an auction listing (see the module comment). */
export interface AuctionListingContext {
  /** The ERC-20 of the payload's currency code, or undefined when the chain has none by that code. */
  currency: { itemType: number; token: Address } | undefined;
  feeBps: number;
  /** `royaltyInfo(tokenId, reserve)`. */
  royalty: bigint;
  settler: Address | undefined;
  /** The chain's Kirafuda zone. */
  zone: Address;
  conduitKey: Hex;
  now: bigint;
}

/** The first problem with an auction listing, or undefined. `claims.price` is the reserve. */
export function auctionListingProblem(
  order: OrderComponents,
  claims: { seller: Address; contractAddress: Address; tokenId: bigint; price: bigint },
  context: AuctionListingContext,
): string | undefined {
  if (!context.settler) return 'Auctions are closed: the settlement account is not configured';
  if (!same(order.zone, context.zone)) return `order.zone must be the Kirafuda zone (${context.zone})`;
  if (order.zoneHash.toLowerCase() !== AUCTION_ZONE_HASH) return `order.zoneHash must be ${AUCTION_ZONE_HASH}`;
  if (!same(order.offerer, claims.seller)) return 'order.offerer must be the seller_address';
  const [offer, ...more] = order.offer;
  if (!offer || more.length > 0 || offer.itemType !== ItemType.ERC721) return 'order.offer must hold exactly the card';
  if (!same(offer.token, claims.contractAddress) || offer.identifierOrCriteria !== claims.tokenId) {
    return 'order.offer must be the card of contract_address and token_id';
  }
  if (offer.startAmount !== 1n || offer.endAmount !== 1n) return 'order.offer must offer one card';
  if (!same(order.conduitKey, context.conduitKey))
    return `order.conduitKey must be the platform's (${context.conduitKey})`;
  const timing = durationProblem(order, context.now);
  if (timing) return timing;
  const bidding = auctionEnd(order) - context.now;
  if (bidding < MIN_AUCTION_SECONDS) return 'An auction must run for at least 10 minutes';
  if (bidding > MAX_AUCTION_SECONDS) return 'An auction must end within 30 days';
  const { currency } = context;
  if (!currency || currency.itemType !== ItemType.ERC20)
    return 'currency_code: an auction takes bids in an ERC-20 of the chain';
  const [ask, ...others] = order.consideration;
  if (!ask || others.length > 0) return 'order.consideration must be the seller’s share of the reserve only';
  if (ask.itemType !== ItemType.ERC20 || !same(ask.token, currency.token) || ask.identifierOrCriteria !== 0n) {
    return 'order.consideration must be paid in the currency of currency_code';
  }
  if (!same(ask.recipient, claims.seller)) return 'the consideration item must pay the seller';
  const share = reserveShare(claims.price, context.feeBps, context.royalty);
  if (share <= 0n) return 'fee and royalty leave nothing of the reserve for the seller';
  if (ask.startAmount !== share || ask.endAmount !== share) {
    return `order.consideration must ask for the reserve less fee and royalty (${share})`;
  }
  return undefined;
}

/** The lowest bid that would lead the auction now: the reserve, or the highest standing bid plus the minimum step. */
export function minimumBid(reserve: bigint, highest: bigint | undefined, stepBps: number): bigint {
  if (highest === undefined) return reserve;
  const step = (highest * BigInt(stepBps) + BPS - 1n) / BPS;
  return highest + (step > 0n ? step : 1n);
}

/** Where a bid goes: it leads, or it stands behind the highest (a backup bid). */
export type BidPlace = { place: 'leads' | 'backs' } | { place: 'refused'; reason: 'reserve' | 'step'; least: bigint };

/**
 * Where a bid of `price` goes. Every bid at or above the reserve stands, so no bid, however high and however soon
 * its backing is pulled, can keep an honest bid out (bid shielding with a second wallet): at settlement the bids
 * are tried highest first, and the best one still valid wins. A bid above the highest standing bid must beat it
 * by the minimum step to lead (a bid between the two is refused); a bid at or below it backs it, and wins if
 * every bid above it fails. Equal bids rank by time.
 */
export function placeOfBid(price: bigint, reserve: bigint, highest: bigint | undefined, stepBps: number): BidPlace {
  if (price < reserve) return { place: 'refused', reason: 'reserve', least: reserve };
  if (highest === undefined) return { place: 'leads' };
  if (price <= highest) return { place: 'backs' };
  const least = minimumBid(reserve, highest, stepBps);
  return price >= least ? { place: 'leads' } : { place: 'refused', reason: 'step', least };
}

/** Why {@link placeOfBid} refused a bid, for the bidder. */
export function bidRefusal(refused: { reason: 'reserve' | 'step'; least: bigint }): string {
  return refused.reason === 'reserve'
    ? `A bid must be at least the reserve, ${refused.least}`
    : `A bid above the highest must beat it by the minimum step: at least ${refused.least}, or at most the highest to stand behind it`;
}

/** The auction's end after a bid at `now`: ten minutes later when the bid came in its last ten minutes. */
export function endAfterBid(endsAt: bigint, now: bigint, latest: bigint): bigint {
  if (endsAt - now >= ANTI_SNIPING_SECONDS) return endsAt;
  const moved = now + ANTI_SNIPING_SECONDS;
  return moved > latest ? latest : moved;
}
