import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { PERIODS } from '~/features/market/periods';
import { collectionStats } from '~/features/market/stats.server';
import { visibleCollection } from '~/features/trading/offer/offerCollection.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const statsQuery = z.object({ period: z.enum(PERIODS).default('7d') });

/**
 * `GET /api/v1/collections/{id}/stats?period=24h|7d|30d|all` (default 7d) -> the collection's owners, supply,
 * listed cards (with shares in percent), floor, best collection offer, and volume and sales per currency with the
 * previous period's figures and the change (`src/features/market/stats.server.ts`). 422 for another period, 404
 * when the collection is unknown or hidden.
 */
export const GET = apiRoute(async (ctx) => {
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such collection');
  const { period } = readQuery(ctx.url, statsQuery);
  const db = await database();
  const collection = await visibleCollection(db, id.data);
  if (!collection) throw notFound('No such collection');
  return json(await collectionStats(db, collection, period));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/collections/{id}/stats',
    operationId: 'getCollectionStats',
    summary: "A collection's owners, floor, volume per period",
    tag: 'Market',
    auth: 'none',
    params: z.object({ id: z.string() }),
    query: statsQuery,
    answer: {
      status: 200,
      description:
        "Owners, supply, listed cards, floor, best collection offer, volume and sales per currency with the previous period's and the change.",
      schema: describedObject(
        'CollectionStats',
        "Owners, supply, listed cards, floor, best collection offer, volume and sales per currency with the previous period's and the change.",
      ),
    },
    errors: [404, 422],
  }),
];
