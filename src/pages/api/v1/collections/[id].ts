import { getCategory } from '~/features/catalogue/collections/categories.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/collections/{id}` -> the collection (a category) with its card count, floor, volume and
 * `royaltyGuaranteed` (boolean: its cards move by an operator only inside a fill that pays the royalty); 404 when
 * unknown or hidden. The same body as `GET /api/v1/categories/{id}`.
 */
export const GET = apiRoute(async (ctx) => {
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such collection');
  const collection = await getCategory(await database(), id.data);
  if (!collection) throw notFound('No such collection');
  return json(collection);
});
