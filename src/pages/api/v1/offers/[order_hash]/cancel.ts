import { recordOfferCancel } from '~/features/trading/offer/cancelOffer.server';
import { json } from '~/server/api/respond';
import { orderCancelContract, orderCancelRoute } from '../../_orderRoutes';

/**
 * `POST /api/v1/offers/{order_hash}/cancel` -> `{ offer }` once the offerer's Seaport `cancel` (or counter bump)
 * is on chain. 403 not your offer, 404 unknown, 409 filled/expired or not cancelled on chain yet, 502.
 */
export const POST = orderCancelRoute(async (db, user, hash) => {
  const offer = await recordOfferCancel(db, user, hash);
  const change =
    offer.collectionId === null ? undefined : { offers: [offer.collectionId], users: [user.walletAddress] };
  return { response: json({ offer }), change };
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [orderCancelContract('offer', '/api/v1/offers/{order_hash}/cancel', 'recordOfferCancel')];
