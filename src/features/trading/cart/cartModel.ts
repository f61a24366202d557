/**
 * What the cart works with, free of viem and of the browser: the items it keeps, why one cannot be bought,
 * the check endpoint's answer, the cart grouped by chain with its totals per currency, and which listings a
 * sweep takes. Imported by the islands, the cart flow and the server alike.
 */

import type { OrderReason } from '../orders/orderFacts';
import { cardKey } from '../parts/cardKey';

/** Most cards a cart holds (and one check, and one transaction, takes). */
export const MAX_CART_ITEMS = 30;

/** One card in the cart, as the visitor added it (its price then; the cart page asks again). */
export interface CartItem {
  chainId: number;
  contractAddress: string;
  tokenId: string;
  orderHash: string;
  name: string;
  /** The English name, shown on the English cart page (absent in carts kept before it was stored). */
  nameEn?: string | undefined;
  image: string | null;
  /** Wei (decimal string) when added, or as the last check said. */
  currentPrice: string;
  currencyCode: number;
}

/**
 * Why a cart's order cannot be bought: a reason of ../orders/orderFacts.ts (what the chain says, the fill
 * simulated from the buyer, no such listing, a timed auction, another Seaport), or `own` (the buyer's own
 * listing), `skipped` (Seaport skipped it in the transaction: sold or cancelled meanwhile).
 */
export type CartReason = OrderReason | 'own' | 'skipped';

/** The reasons only a cart has (`cart.reason.<reason>` in ja.json / en.json). */
export const CART_ONLY_REASONS = ['own', 'skipped'] as const;

/** Keys of the cart page's messages (`cart.<key>` in ja.json / en.json). */
export const CART_MESSAGE_KEYS = [
  'loading',
  'empty',
  'browse',
  'total',
  'remove',
  'buy',
  'buyOne',
  'chainId',
  'checkFailed',
  'unavailable',
  'unknownChain',
  'result',
  'resultAll',
] as const;

/** The cart page's messages. */
export type CartMessages = Record<(typeof CART_MESSAGE_KEYS)[number], string>;

/** Keys of the sweep form's messages (`cart.sweep.<key>`). */
export const SWEEP_MESSAGE_KEYS = [
  'heading',
  'lead',
  'count',
  'currency',
  'submit',
  'invalid',
  'none',
  'failed',
] as const;

/** The sweep form's messages. */
export type SweepMessages = Record<(typeof SWEEP_MESSAGE_KEYS)[number], string>;

/** A listing as the check endpoint answers it (what the cart buys with). */
export interface CartListing {
  orderHash: string;
  chainId: number;
  contractAddress: string;
  tokenId: string;
  saleType: string;
  currentPrice: string;
  currencyCode: number;
  sellerAddress: string;
  exchange: string;
  order: Record<string, unknown>;
  signature: string;
}

/** The check endpoint's answer for one order hash. */
export interface CartCheck {
  orderHash: string;
  buyable: boolean;
  reason: CartReason | null;
  listing: CartListing | null;
}

/** The cart's items on one chain, and what they add up to per currency. */
export interface CartGroup {
  chainId: number;
  items: CartItem[];
  /** Wei per currency code (decimal strings), in order of first appearance. */
  totals: { currencyCode: number; amount: string }[];
}

/**
 * The cart grouped by chain (in order of first appearance); totals leave out the items `excluded` names (by
 * order hash: those the last check found unbuyable).
 */
export function groupCart(items: readonly CartItem[], excluded: ReadonlySet<string> = new Set()): CartGroup[] {
  const groups = new Map<number, { items: CartItem[]; totals: Map<number, bigint> }>();
  for (const item of items) {
    let group = groups.get(item.chainId);
    if (!group) {
      group = { items: [], totals: new Map() };
      groups.set(item.chainId, group);
    }
    group.items.push(item);
    if (excluded.has(item.orderHash)) continue;
    const sum = group.totals.get(item.currencyCode) ?? 0n;
    group.totals.set(item.currencyCode, sum + BigInt(item.currentPrice));
  }
  return [...groups].map(([chainId, group]) => ({
    chainId,
    items: group.items,
    totals: [...group.totals].map(([currencyCode, amount]) => ({ currencyCode, amount: amount.toString() })),
  }));
}

/**
 * Adds `added` to `cart` (an item replaces the cart's item for the same card) up to {@link MAX_CART_ITEMS};
 * returns the new cart and how many of `added` did not fit.
 */
export function addItems(cart: readonly CartItem[], added: readonly CartItem[]): { cart: CartItem[]; left: number } {
  const next = [...cart];
  let left = 0;
  for (const item of added) {
    const at = next.findIndex((entry) => cardKey(entry) === cardKey(item));
    if (at >= 0) next[at] = item;
    else if (next.length < MAX_CART_ITEMS) next.push(item);
    else left += 1;
  }
  return { cart: next, left };
}

/** A card of the card list (`GET /api/v1/cards`) as a sweep reads it. */
export interface SweepCandidate {
  chainId: number;
  contractAddress: string;
  tokenId: string;
  name: string;
  nameEn?: string | null;
  image: string | null;
  owner: string;
  listing: {
    orderHash: string;
    saleType: string;
    currentPrice: string;
    currencyCode: number;
    unbuyableReason: string | null;
  } | null;
}

/** A listed card as the cart keeps it: the card, and the listing's order and price now. */
export function cartItem(
  card: Pick<CartItem, 'chainId' | 'contractAddress' | 'tokenId' | 'name' | 'image'> & { nameEn?: string | null },
  listing: Pick<CartItem, 'orderHash' | 'currentPrice' | 'currencyCode'>,
): CartItem {
  return {
    chainId: card.chainId,
    contractAddress: card.contractAddress,
    tokenId: card.tokenId,
    orderHash: listing.orderHash,
    name: card.name,
    ...(card.nameEn ? { nameEn: card.nameEn } : {}),
    image: card.image,
    currentPrice: listing.currentPrice,
    currencyCode: listing.currencyCode,
  };
}

/**
 * The first `count` cards of `cards` (cheapest first, as the list sorts them) a cart can buy: listed at a
 * fixed or declining price, buyable as the last order check found, not the viewer's own.
 */
export function sweepItems(cards: readonly SweepCandidate[], count: number, viewer: string | null): CartItem[] {
  const items: CartItem[] = [];
  for (const card of cards) {
    if (items.length >= count) break;
    const { listing } = card;
    if (!listing || listing.unbuyableReason !== null || listing.saleType === 'auction') continue;
    if (viewer && card.owner.toLowerCase() === viewer.toLowerCase()) continue;
    items.push(cartItem(card, listing));
  }
  return items;
}

/** One order a cart buy left out, and why. */
export interface SkippedOrder {
  orderHash: string;
  reason: CartReason;
}

/**
 * What a cart buy sends after the check: the buyable listings (in the cart's order) that are not `buyer`'s
 * own, and the rest with their reasons.
 */
export function planCart(checks: readonly CartCheck[], buyer: string): { buy: CartListing[]; skipped: SkippedOrder[] } {
  const buy: CartListing[] = [];
  const skipped: SkippedOrder[] = [];
  for (const { orderHash, buyable, reason, listing } of checks) {
    if (!buyable || !listing) skipped.push({ orderHash, reason: reason ?? 'unknown' });
    else if (listing.sellerAddress.toLowerCase() === buyer.toLowerCase()) skipped.push({ orderHash, reason: 'own' });
    else buy.push(listing);
  }
  return { buy, skipped };
}
