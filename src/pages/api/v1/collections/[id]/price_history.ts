import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
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

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/collections/{id}/price_history',
    operationId: 'getCollectionPriceHistory',
    summary: "A collection's daily sales chart",
    tag: 'Market',
    auth: 'none',
    params: z.object({ id: z.string() }),
    answer: {
      status: 200,
      description: '`{days}`: one point per day, oldest first.',
      schema: describedObject('CollectionPriceHistory', '`{days}`: one point per day, oldest first.'),
    },
    errors: [404],
  }),
];
