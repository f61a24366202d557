import { getRanking, rankingQuerySchema } from '~/features/catalogue/rankings/rankings.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/rankings?period=24h|7d|30d|all&kind=categories|creators&chain_id` -> top 50 by number of sales. */
export const GET = apiRoute(async (ctx) => {
  const query = readQuery(ctx.url, rankingQuerySchema);
  return json(await getRanking(await database(), query));
});
