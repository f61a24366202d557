/**
 * What the offers island works with, free of viem: where its offers are (one card, or a collection), the offers
 * as the server hands them over, its messages, who may do what with an offer, and what an owner receives when
 * they accept one (price less the platform fee and the royalty, read from the signed order itself).
 */
import offer from 'island-messages:offer';
import type { OrderJson } from '../seaport/orderJson';

/**
 * One offer as the island gets it (a subset of the API's offer), without its signed order: the island asks for that
 * when an owner accepts or a maker cancels (./signedOffer.ts), so a page with many offers stays small.
 */
export interface OfferItemProps {
  orderHash: string;
  kind: 'token' | 'collection' | 'trait';
  price: string;
  currencyCode: number;
  offerer: string;
  expiresAt: string;
  active: boolean;
  /** A bid on a timed auction: only the settlement can fill it, never its owner. */
  bid: boolean;
  remaining: number;
  trait: { type: string; value: string } | null;
}

/** An offer's signed Seaport order, which a wallet fills or cancels (and a trait offer's proof for one card). */
export interface SignedOffer {
  order: OrderJson;
  signature: string;
  proof?: string[];
}

/**
 * An offer with the token it pays in (its order's first offer item, lower-case; '' when unreadable) and its signed
 * order, as the best-offers API answers it (`GET /api/v1/users/{wallet}/best_offers`).
 */
export type SignedOfferItem = OfferItemProps & { token: string } & SignedOffer;

/**
 * A trait a collection offer may ask for, with how many cards hold it. Its merkle root is asked for when an offer
 * on it is made (./traitRoot.ts), not sent with the page.
 */
export interface OfferTrait {
  type: string;
  value: string;
  count: number;
}

/**
 * Where the offers are: one card of a token page (its owner may accept; a card in a timed auction takes bids
 * instead of offers), or a collection page, whose offers are on any card of it or on the cards with a trait.
 */
export type OfferScope =
  | { kind: 'token'; contractAddress: string; tokenId: string; owner: string; inAuction: boolean }
  | {
      kind: 'collection';
      collectionId: number;
      contractAddress: string;
      /** A card of the collection, whose royalty an offer on the collection pays. */
      royaltyTokenId: string;
      traits: readonly OfferTrait[];
    };

/** The card a token page's offers are on (the token scope). */
export type OfferCard = Extract<OfferScope, { kind: 'token' }>;

/** Keys of the island's messages (`offer.<key>` in ja.json / en.json). */
export const OFFER_MESSAGE_KEYS = [
  'heading',
  'none',
  'make',
  'connectToOffer',
  'amount',
  'days',
  'quantity',
  'submit',
  'target',
  'kindToken',
  'kindCollection',
  'kindTrait',
  'price',
  'from',
  'expires',
  'accept',
  'cancel',
  'inactive',
  'net',
  'confirmAccept',
  'back',
  'made',
  'cancelled',
  'remaining',
  'noErc20',
  'invalidQuantity',
  'traitGone',
  'wrapNote',
  'signing',
  'you',
  'sellNow',
] as const;

/** The island's messages. */
export type OfferMessages = Record<(typeof OFFER_MESSAGE_KEYS)[number], string>;

/** The island's messages in `locale`, loaded with its code rather than sent in its props. */
export function offerMessagesIn(locale: string): OfferMessages {
  return offer[locale === 'en' ? 'en' : 'ja'] as OfferMessages;
}

const same = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The token an offer gives (its order's first offer item), lower-case; '' when unreadable. */
export function offeredToken(offer: Pick<SignedOffer, 'order'>): string {
  const items = offer.order['offer'];
  const first = Array.isArray(items) ? (items[0] as { token?: unknown } | undefined) : undefined;
  return typeof first?.token === 'string' ? first.token.toLowerCase() : '';
}

/**
 * The offer "Sell now" accepts for the card's owner: the highest they may accept that pays in `token` (the chain's
 * wrapped coin; offers in another token are not weighed against it, the table still lists them), or null.
 */
export function bestOffer<O extends Pick<SignedOfferItem, 'offerer' | 'active' | 'bid' | 'price' | 'token'>>(
  offers: readonly O[],
  viewer: string | null,
  owner: string | null,
  token: string | null,
): O | null {
  let best: O | null = null;
  for (const offer of offers) {
    if (offerRole(offer, viewer, owner) !== 'accept' || !token || offer.token !== token.toLowerCase()) continue;
    if (!best || BigInt(offer.price) > BigInt(best.price)) best = offer;
  }
  return best;
}

/** What the viewer may do with an offer: accept it (they own the card), cancel it (they made it), or nothing. */
export function offerRole(
  offer: Pick<OfferItemProps, 'offerer' | 'active' | 'bid'>,
  viewer: string | null,
  owner: string | null,
): 'accept' | 'cancel' | 'none' {
  if (same(offer.offerer, viewer)) return 'cancel';
  return offer.active && !offer.bid && owner !== null && same(owner, viewer) ? 'accept' : 'none';
}

const amountOf = (value: unknown): bigint => {
  try {
    return typeof value === 'string' || typeof value === 'number' ? BigInt(value) : 0n;
  } catch {
    return 0n;
  }
};

/**
 * What accepting the offer for one card pays out, from its signed order: the price of one card, the platform
 * fee (items to `feeRecipient`), the royalty (the other payments) and the owner's net.
 */
export function acceptBreakdown(
  order: OrderJson,
  feeRecipient: string | null,
): { price: bigint; fee: bigint; royalty: bigint; net: bigint } {
  const given = Array.isArray(order.offer) ? (order.offer[0] as Record<string, unknown> | undefined) : undefined;
  const items = Array.isArray(order.consideration) ? (order.consideration as Record<string, unknown>[]) : [];
  const quantity = amountOf(items[0]?.endAmount) || 1n;
  const price = amountOf(given?.endAmount) / quantity;
  let fee = 0n;
  let royalty = 0n;
  for (const item of items.slice(1)) {
    const amount = amountOf(item.endAmount) / quantity;
    if (same(String(item.recipient ?? ''), feeRecipient)) fee += amount;
    else royalty += amount;
  }
  return { price, fee, royalty, net: price - fee - royalty };
}
