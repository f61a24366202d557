import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { dropsOfCollection } from '~/features/payments/drops.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';
import { stripeSettings } from '~/server/stripe.server';

const query = z.object({ collection_id: z.coerce.number().int().positive() });

/**
 * `GET /api/v1/drops?collection_id=` -> `{ drops }`: the collection's sales for yen that have not ended (price,
 * serials left, window); empty when card payments are off.
 */
export const GET = apiRoute(async (ctx) => {
  const { collection_id: collectionId } = readQuery(ctx.url, query);
  if (!stripeSettings(serverSettings())) return json({ drops: [] });
  return json({ drops: await dropsOfCollection(await database(), collectionId) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/drops',
    operationId: 'listDrops',
    summary: "A collection's sales for yen",
    tag: 'Payments',
    auth: 'none',
    query: query,
    answer: {
      status: 200,
      description: '`{drops}`: price, serials left, window; empty when card payments are off.',
      schema: describedObject('DropList', '`{drops}`: price, serials left, window; empty when card payments are off.'),
    },
    errors: [422],
  }),
];
