import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { offersOfWallet } from '~/features/trading/offer/offerQueries.server';
import { addressSchema } from '~/lib/addresses';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/users/{wallet_address}/offers` -> `{ made, received }`: the offers the wallet made (newest
 * first, any status) and the open ones it could accept on the cards it owns (best first).
 */
export const GET = apiRoute(async (ctx) => {
  const wallet = addressSchema.safeParse(ctx.params.wallet_address ?? '');
  if (!wallet.success) throw notFound('Not a wallet address');
  return json(await offersOfWallet(await database(), wallet.data));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/users/{wallet_address}/offers',
    operationId: 'listUserOffers',
    summary: 'The offers a wallet made and received',
    tag: 'Trading',
    auth: 'none',
    params: z.object({ wallet_address: z.string() }),
    answer: {
      status: 200,
      description: '`{made, received}`.',
      schema: describedObject('UserOffers', '`{made, received}`.'),
    },
    errors: [422],
  }),
];
