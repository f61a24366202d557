import { changeOfCards } from '~/features/events/cardChange.server';
import { recordOrderCancel } from '~/features/trading/cancel/recordCancel.server';
import { json } from '~/server/api/respond';
import { orderCancelContract, orderCancelRoute } from '../../_orderRoutes';

/**
 * `POST /api/v1/orders/{order_hash}/cancel` -> `{listing}` once the seller's Seaport `cancel` (or counter
 * bump) is on chain. 403 not your order, 404 unknown, 409 sold/expired or not cancelled on chain yet, 502.
 */
export const POST = orderCancelRoute(async (db, user, hash) => {
  const listing = await recordOrderCancel(db, user, hash);
  return {
    response: json({ listing }),
    change: await changeOfCards(
      db,
      [{ chainId: listing.chainId, contractAddress: listing.contractAddress, tokenId: listing.tokenId }],
      [user.walletAddress],
    ),
  };
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [orderCancelContract('listing', '/api/v1/orders/{order_hash}/cancel', 'recordListingCancel')];
