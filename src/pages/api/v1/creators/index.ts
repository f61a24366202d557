import { creatorListQuerySchema, listCreators } from '~/features/catalogue/creators/creators.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/creators?q&sort=newest|name|volume&page&per_page` -> list of CreatorSummary. */
export const GET = apiRoute(async (ctx) => {
  const filters = readQuery(ctx.url, creatorListQuerySchema);
  return json(await listCreators(await database(), filters));
});
