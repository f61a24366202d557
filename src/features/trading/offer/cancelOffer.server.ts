/**
 * Recording that an offerer cancelled an offer on chain (Seaport `cancel`, then
 * `POST /api/v1/offers/{order_hash}/cancel`): the chain is read, not the caller believed. Cancelling every
 * order at once (`incrementCounter`) is recorded by `POST /api/v1/orders/cancel_all`, for offers as for
 * listings.
 */
import { eq } from 'drizzle-orm';
import { configuredChain } from '~/features/chains/chainReads.server';
import { serverChains } from '~/features/chains/config.server';
import { conflict, forbidden, notFound } from '~/server/api/errors';
import { offers } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { type OrderOptions, orderEndOnChain, type Seller } from '../orders/orderCalls.server';
import { cancelOffer } from '../orders/orderStatus.server';
import { type OfferView, offerView } from './offerView';

/**
 * Marks the offer cancelled once the chain says it is (its own `cancel`, or a counter bump). Idempotent.
 * @throws HttpError 403 (not the offerer's), 404, 409 (filled or expired, or not cancelled on chain yet), 502
 */
export async function recordOfferCancel(
  db: Database,
  offerer: Seller,
  hash: string,
  options: OrderOptions = {},
): Promise<OfferView> {
  const [offer] = await db.select().from(offers).where(eq(offers.orderHash, hash.toLowerCase()));
  if (!offer) throw notFound('No such offer');
  if (offer.offererAddress !== offerer.walletAddress.toLowerCase()) throw forbidden('This is not your offer');
  if (offer.status === 'cancelled') return offerView(offer, 0);
  if (offer.status !== 'active') throw conflict(`This offer is already ${offer.status}`);
  const chain = configuredChain(options.chains ?? serverChains(), offer.chainId);
  const end = await orderEndOnChain(chain, { ...offer, offerer: offer.offererAddress });
  if (!end.cancelled) throw conflict('The offer is not cancelled on chain yet');
  const updated = await cancelOffer(db, offer.id, { at: options.now ?? new Date() });
  return offerView(updated ?? { ...offer, status: 'cancelled' }, 0);
}
