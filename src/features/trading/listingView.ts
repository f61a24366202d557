/**
 * A listing as the listing endpoints answer it: the stored sell order without its signed order and
 * signature (the card endpoints give those to buyers), dates as ISO strings.
 *
 * @see docs/product-spec.md §7 sell_card
 */
import type { sellOrders } from '~/server/db/schema';

/** A listing as the API returns it. */
export interface ListingView {
  id: number;
  orderHash: string;
  chainId: number;
  contractAddress: string;
  tokenId: string;
  price: string;
  currencyCode: number;
  sellerAddress: string;
  exchange: string;
  status: string;
  /** Why an active listing cannot be bought right now (./orderHealth.server.ts), or null. */
  unbuyableReason: string | null;
  startsAt: string;
  expiresAt: string;
}

/** The API form of a stored listing. */
export function listingView(row: typeof sellOrders.$inferSelect): ListingView {
  return {
    id: row.id,
    orderHash: row.orderHash,
    chainId: row.chainId,
    contractAddress: row.contractAddress,
    tokenId: row.tokenId,
    price: row.price,
    currencyCode: row.currencyCode,
    sellerAddress: row.sellerAddress,
    exchange: row.exchange,
    status: row.status,
    unbuyableReason: row.unbuyableReason,
    startsAt: row.startsAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
