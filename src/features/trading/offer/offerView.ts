/**
 * An offer as the API and the pages show it: what it asks for, the price of one card, how many cards it still
 * takes, who made it and until when, whether it can be accepted now, and the signed order (with, for a trait
 * offer shown beside one card, the proof that card is under the offer's root).
 */
import type { Hex } from 'viem';
import type { OfferInactiveReason, OfferKind, OfferStatus } from '~/server/db/schema/offers';
import { isAuctionOrder } from '../orders/orderFacts';
import { criteriaTree } from '../seaport/criteriaTree';
import { type OrderJson, parseOrderJson, toOrderJson } from '../seaport/orderJson';

/** The stored row the view reads. */
export interface OfferRow {
  chainId: number;
  orderHash: string;
  kind: string;
  offererAddress: string;
  contractAddress: string;
  categoryId: number | null;
  tokenId: string | null;
  traitType: string | null;
  traitValue: string | null;
  criteriaTokenIds: string[] | null;
  currencyCode: number;
  price: string;
  quantity: number;
  order: Record<string, unknown>;
  signature: string;
  startsAt: Date;
  expiresAt: Date;
  status: string;
  inactiveReason: string | null;
  createdAt: Date;
}

/** One offer (see the module comment). */
export interface OfferView {
  chainId: number;
  orderHash: string;
  kind: OfferKind;
  status: OfferStatus;
  /** Whether an owner can accept it now (its offerer has the funds). */
  active: boolean;
  /** A bid on a timed auction: restricted to the settlement account, which alone can fill it. */
  bid: boolean;
  inactiveReason: OfferInactiveReason | null;
  contractAddress: string;
  collectionId: number | null;
  tokenId: string | null;
  trait: { type: string; value: string } | null;
  /** What the offerer gives for one card, before fee and royalty (smallest unit, decimal string). */
  price: string;
  currencyCode: number;
  quantity: number;
  /** Cards it still takes. */
  remaining: number;
  offerer: string;
  startsAt: string;
  expiresAt: string;
  createdAt: string;
  order: OrderJson;
  signature: string;
  /** For a trait offer shown for one card: that card's proof under the root. */
  proof?: Hex[];
}

/** The view of `row`, with `filled` cards taken already; `forTokenId` adds a trait offer's proof. */
export function offerView(row: OfferRow, filled: number, forTokenId?: bigint): OfferView {
  const order = parseOrderJson(row.order);
  const status = row.status as OfferStatus;
  const view: OfferView = {
    chainId: row.chainId,
    orderHash: row.orderHash,
    kind: row.kind as OfferKind,
    status,
    active: status === 'active' && row.inactiveReason === null,
    bid: order ? isAuctionOrder(order) : false,
    inactiveReason: row.inactiveReason as OfferInactiveReason | null,
    contractAddress: row.contractAddress,
    collectionId: row.categoryId,
    tokenId: row.tokenId,
    trait: row.traitType !== null && row.traitValue !== null ? { type: row.traitType, value: row.traitValue } : null,
    price: row.price,
    currencyCode: row.currencyCode,
    quantity: row.quantity,
    remaining: Math.max(0, row.quantity - filled),
    offerer: row.offererAddress,
    startsAt: row.startsAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    order: order ? toOrderJson(order) : row.order,
    signature: row.signature,
  };
  if (row.kind === 'trait' && forTokenId !== undefined && row.criteriaTokenIds) {
    const proof = criteriaTree(row.criteriaTokenIds.map((id) => BigInt(id))).proof(forTokenId);
    if (proof) view.proof = proof;
  }
  return view;
}

/** Best first: acceptable before inactive, then the higher price (same currency assumed comparable), then older. */
export function byBest(a: OfferView, b: OfferView): number {
  if (a.active !== b.active) return a.active ? -1 : 1;
  const price = BigInt(b.price) - BigInt(a.price);
  if (price !== 0n) return price > 0n ? 1 : -1;
  return a.createdAt.localeCompare(b.createdAt);
}
