import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { getPlatformFee, platformFeeQuerySchema } from '~/features/trading/terms/platformFee.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/platform_fee?chain_id` -> `{chainId, feeBps}` (public). */
export const GET = apiRoute(async (ctx) => {
  const { chain_id: chainId } = readQuery(ctx.url, platformFeeQuerySchema);
  return json(await getPlatformFee(await database(), chainId));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/platform_fee',
    operationId: 'getPlatformFee',
    summary: 'The platform fee of a chain',
    tag: 'Trading',
    auth: 'none',
    query: platformFeeQuerySchema,
    answer: {
      status: 200,
      description: '`{chainId, feeBps}`.',
      schema: describedObject('PlatformFee', '`{chainId, feeBps}`.'),
    },
    errors: [422],
  }),
];
