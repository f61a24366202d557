import { getCategory } from '~/features/catalogue/collections/categories.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/categories/{id}` -> CategorySummary (card count, floor, volume); 404 when unknown or hidden. */
export const GET = apiRoute(async (ctx) => {
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such category');
  const category = await getCategory(await database(), id.data);
  if (!category) throw notFound('No such category');
  return json(category);
});
