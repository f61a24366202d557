import { z } from 'zod';
import { writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requireUser } from '~/features/session/requireAuth.server';
import { recordOfferCancel } from '~/features/trading/offer/cancelOffer.server';
import { limitListingWrites } from '~/features/trading/orders/tradingLimits.server';
import { validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const params = z.object({ order_hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte hex order hash') });

/**
 * `POST /api/v1/offers/{order_hash}/cancel` -> `{ offer }` once the offerer's Seaport `cancel` (or counter bump)
 * is on chain. 403 not your offer, 404 unknown, 409 filled/expired or not cancelled on chain yet, 502.
 */
export const POST = writeRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { order_hash: hash } = validate(params, ctx.params);
  const db = await database();
  await limitListingWrites(db, user.id);
  const offer = await recordOfferCancel(db, user, hash);
  const change =
    offer.collectionId === null ? undefined : { offers: [offer.collectionId], users: [user.walletAddress] };
  return { response: json({ offer }), change };
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/offers/{order_hash}/cancel',
    operationId: 'recordOfferCancel',
    summary: "Record an offer's cancel once the chain has it",
    tag: 'Trading',
    auth: 'session',
    params: params,
    answer: { status: 200, description: '`{offer}`.', schema: describedObject('OfferCancelled', '`{offer}`.') },
    errors: [401, 403, 404, 409, 422, 502],
  }),
];
