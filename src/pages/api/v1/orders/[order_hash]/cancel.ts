import { z } from 'zod';
import { writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { changeOfCards } from '~/features/events/cardChange.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { recordOrderCancel } from '~/features/trading/cancel/recordCancel.server';
import { limitListingWrites } from '~/features/trading/orders/tradingLimits.server';
import { validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const params = z.object({ order_hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte hex order hash') });

/**
 * `POST /api/v1/orders/{order_hash}/cancel` -> `{listing}` once the seller's Seaport `cancel` (or counter
 * bump) is on chain. 403 not your order, 404 unknown, 409 sold/expired or not cancelled on chain yet, 502.
 */
export const POST = writeRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { order_hash: hash } = validate(params, ctx.params);
  const db = await database();
  await limitListingWrites(db, user.id);
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
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/orders/{order_hash}/cancel',
    operationId: 'recordListingCancel',
    summary: "Record a listing's cancel once the chain has it",
    tag: 'Trading',
    auth: 'session',
    params: params,
    answer: { status: 200, description: '`{listing}`.', schema: describedObject('ListingCancelled', '`{listing}`.') },
    errors: [401, 403, 404, 409, 422, 502],
  }),
];
