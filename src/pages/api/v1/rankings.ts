import { getRanking, rankingQuerySchema } from '~/features/catalogue/rankings/rankings.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requestYenRates } from '~/features/market/rates/rates.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/rankings?period=24h|7d|30d|all&kind=categories|creators&chain_id&sort=sales|volume|floor_change` ->
 * the top 50 by number of sales (default), volume in yen (`jpyVolume`, at the fresh rates) or floor change
 * (`floorChange`, collections only: 422 for creators).
 */
export const GET = apiRoute(async (ctx) => {
  const query = readQuery(ctx.url, rankingQuerySchema);
  const db = await database();
  return json(await getRanking(db, query, await requestYenRates()));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/rankings',
    operationId: 'listRankings',
    summary: 'Collections or creators ranked by sales, volume or floor change',
    tag: 'Market',
    auth: 'none',
    query: rankingQuerySchema,
    answer: {
      status: 200,
      description: 'The ranked entries.',
      schema: describedObject('Rankings', 'The ranked entries.'),
    },
    errors: [422],
  }),
];
