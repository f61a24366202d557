import { categoryListQuerySchema, listCategories } from '~/features/catalogue/collections/categories.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/categories?chain_id&creator&q&sort=newest|volume&page&per_page` -> list of CategorySummary. */
export const GET = apiRoute(async (ctx) => {
  const filters = readQuery(ctx.url, categoryListQuerySchema);
  return json(await listCategories(await database(), filters));
});
