/**
 * Cancelling: recording the cancels a seller made on chain, one order (Seaport `cancel`, then
 * `POST /api/v1/orders/{order_hash}/cancel`) or all on a chain (`incrementCounter`, then
 * `POST /api/v1/orders/cancel_all`). The chain is read, not the caller believed.
 *
 * @see docs/product-spec.md §7
 */
import { eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { configuredChain } from '~/features/chains/chainReads.server';
import { serverChains } from '~/features/chains/config.server';
import { publicClientFor } from '~/features/chains/publicClients.server';
import { conflict, forbidden, notFound } from '~/server/api/errors';
import { sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { type ListingView, listingView as view } from '../orders/listingView';
import { type OrderOptions, onChain, orderEndOnChain, type Seller } from '../orders/orderCalls.server';
import { cancelBelowCounter, cancelListing } from '../orders/orderStatus.server';
import { seaportAbi } from '../seaport/seaportAbi';

/**
 * Records that the seller cancelled one order on chain (Seaport `cancel`, or a counter bump): checks
 * `getOrderStatus` / `getCounter` and marks the listing cancelled. Idempotent.
 * @throws HttpError 403 (not the seller's), 404, 409 (sold or expired, or not cancelled on chain yet), 502
 */
export async function recordOrderCancel(
  db: Database,
  seller: Seller,
  hash: string,
  options: OrderOptions = {},
): Promise<ListingView> {
  const [order] = await db.select().from(sellOrders).where(eq(sellOrders.orderHash, hash.toLowerCase()));
  if (!order) throw notFound('No such order');
  if (order.sellerAddress !== seller.walletAddress.toLowerCase()) throw forbidden('This is not your order');
  if (order.status === 'cancelled') return view(order);
  if (order.status !== 'active') throw conflict(`This order is already ${order.status}`);
  const chain = configuredChain(options.chains ?? serverChains(), order.chainId);
  const end = await orderEndOnChain(chain, { ...order, offerer: order.sellerAddress });
  if (end.filled) throw conflict('This order was filled on chain');
  if (!end.cancelled) throw conflict('The order is not cancelled on chain yet');
  const updated = await cancelListing(db, order.id, { at: options.now ?? new Date() });
  return view(updated ?? { ...order, status: 'cancelled' });
}

/**
 * Records a seller's `incrementCounter` on a chain: reads the counter and marks every active listing of the
 * seller on that chain's Seaport signed with a lower counter cancelled, and their offers likewise.
 * @throws HttpError 422 (unknown chain), 502
 */
export async function recordCancelAll(
  db: Database,
  seller: Seller,
  chainId: number,
  options: OrderOptions = {},
): Promise<{ counter: string; cancelled: number; cardIds: number[]; offerCollections: number[] }> {
  const chain = configuredChain(options.chains ?? serverChains(), chainId);
  const wallet = seller.walletAddress.toLowerCase() as Address;
  const counter = await onChain(chain, () =>
    publicClientFor(chain).readContract({
      address: chain.contracts.exchange,
      abi: seaportAbi,
      functionName: 'getCounter',
      args: [wallet],
    }),
  );
  const ended = await cancelBelowCounter(
    db,
    { chainId: chain.chainId, exchange: chain.contracts.exchange, offerer: wallet, counter },
    { at: options.now ?? new Date() },
  );
  return {
    offerCollections: ended.offerCollections,
    counter: counter.toString(),
    cancelled: ended.listings,
    cardIds: ended.cardIds,
  };
}
