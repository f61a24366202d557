import { z } from 'zod';
import { getCategory } from '~/features/catalogue/collections/categories.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { idParam } from '~/lib/params';
import { oneRoute } from '../_oneRoute';

/** `GET /api/v1/categories/{id}` -> CategorySummary (card count, floor, volume); 404 when unknown or hidden. */
export const GET = oneRoute({ segment: 'id', schema: idParam, read: getCategory, missing: 'No such category' });

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/categories/{id}',
    operationId: 'getCollection',
    summary: 'One collection',
    tag: 'Catalogue',
    auth: 'none',
    params: z.object({ id: z.string() }),
    answer: {
      status: 200,
      description: 'The collection: card count, floor, volume.',
      schema: describedObject('CollectionSummary', 'The collection: card count, floor, volume.'),
    },
    errors: [404],
  }),
];
