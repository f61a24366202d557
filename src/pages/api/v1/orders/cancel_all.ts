import { z } from 'zod';
import { writeRoute } from '~/app/server/writeRoute';
import { chainIdParam } from '~/features/chains/params';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { changeOfCards } from '~/features/events/cardChange.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { recordCancelAll } from '~/features/trading/cancel/recordCancel.server';
import { limitListingWrites } from '~/features/trading/orders/tradingLimits.server';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const body = z.object({ chain_id: chainIdParam });

/**
 * `POST /api/v1/orders/cancel_all {chain_id}` after the seller's Seaport `incrementCounter` -> `{counter,
 * cancelled}`: the seller's active listings and offers on that chain signed with an older counter end. 422, 502.
 */
export const POST = writeRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { chain_id: chainId } = await readJson(ctx.request, body);
  const db = await database();
  await limitListingWrites(db, user.id);
  const { cardIds, offerCollections, ...result } = await recordCancelAll(db, user, chainId);
  return {
    response: json(result),
    change: { ...(await changeOfCards(db, cardIds, [user.walletAddress])), offers: offerCollections },
  };
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/orders/cancel_all',
    operationId: 'recordCancelAll',
    summary: 'Record a Seaport counter increment (every older order ends)',
    tag: 'Trading',
    auth: 'session',
    body: body,
    answer: {
      status: 200,
      description: '`{counter, cancelled}`.',
      schema: describedObject('CounterRecorded', '`{counter, cancelled}`.'),
    },
    errors: [401, 409, 415, 422, 502],
  }),
];
