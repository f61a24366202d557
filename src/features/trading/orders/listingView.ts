/**
 * A listing as the listing endpoints answer it: the stored sell order without its signed order and
 * signature (the card endpoints give those to buyers), dates as ISO strings.
 *
 * @see docs/product-spec.md §7 sell_card
 */
import type { ListingSummary } from '~/features/catalogue/types';
import type { sellOrders } from '~/server/db/schema/index';
import { considerationAt } from '../seaport/orderAmounts';
import { parseOrderJson } from '../seaport/orderJson';

/**
 * A listing as the API returns it: its prices as the grids show them (`currentPrice`: Seaport's amounts at this
 * second, rounded up as it does), and the stored listing's fields.
 */
export interface ListingView
  extends Pick<ListingSummary, 'price' | 'saleType' | 'startPrice' | 'endPrice' | 'currentPrice' | 'currencyCode'> {
  id: number;
  orderHash: string;
  chainId: number;
  contractAddress: string;
  tokenId: string;
  sellerAddress: string;
  exchange: string;
  status: string;
  /** Why an active listing cannot be bought right now (./orderHealth.server.ts), or null. */
  unbuyableReason: string | null;
  startsAt: string;
  expiresAt: string;
}

/** What a stored listing asks at `now` (its price when it does not decline, or its order cannot be read). */
export function currentListingPrice(
  row: { price: string; endPrice: string | null; order: Record<string, unknown> },
  now = new Date(),
): string {
  if (row.endPrice === null) return row.price;
  const order = parseOrderJson(row.order);
  return order ? considerationAt(order, BigInt(Math.floor(now.getTime() / 1000))).toString() : row.price;
}

/** The API form of a stored listing. */
export function listingView(row: typeof sellOrders.$inferSelect, now = new Date()): ListingView {
  return {
    id: row.id,
    orderHash: row.orderHash,
    chainId: row.chainId,
    contractAddress: row.contractAddress,
    tokenId: row.tokenId,
    price: row.price,
    saleType: row.saleType,
    startPrice: row.price,
    endPrice: row.endPrice ?? row.price,
    currentPrice: currentListingPrice(row, now),
    currencyCode: row.currencyCode,
    sellerAddress: row.sellerAddress,
    exchange: row.exchange,
    status: row.status,
    unbuyableReason: row.unbuyableReason,
    startsAt: row.startsAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
