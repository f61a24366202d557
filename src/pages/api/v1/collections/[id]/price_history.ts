import { collectionPriceHistory } from '~/features/market/priceHistory.server';
import { visibleCollection } from '~/features/trading/offer/offerCollection.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/collections/{id}/price_history` -> `{ days }`: the collection chart's points, oldest first, one per
 * Asia/Tokyo day and currency (`day`, `currencyCode`, `volume`, `sales`, `floor` seen that day or null). 404 when
 * the collection is unknown or hidden.
 */
export const GET = apiRoute(async (ctx) => {
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such collection');
  const db = await database();
  const collection = await visibleCollection(db, id.data);
  if (!collection) throw notFound('No such collection');
  return json({ days: await collectionPriceHistory(db, collection) });
});
