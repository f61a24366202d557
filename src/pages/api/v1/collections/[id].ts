import { z } from 'zod';
import { getCategory } from '~/features/catalogue/collections/categories.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { idParam } from '~/lib/params';
import { oneRoute } from '../_oneRoute';

/**
 * `GET /api/v1/collections/{id}` -> the collection (a category) with its card count, floor, volume and
 * `royaltyGuaranteed` (boolean: its cards move by an operator only inside a fill that pays the royalty); 404 when
 * unknown or hidden. The same body as `GET /api/v1/categories/{id}`.
 */
export const GET = oneRoute({ segment: 'id', schema: idParam, read: getCategory, missing: 'No such collection' });

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/collections/{id}',
    operationId: 'getCollectionById',
    summary: 'One collection, with whether its royalty is guaranteed',
    tag: 'Catalogue',
    auth: 'none',
    params: z.object({ id: z.string() }),
    answer: {
      status: 200,
      description: 'The collection: card count, floor, volume, `royaltyGuaranteed`.',
      schema: describedObject(
        'CollectionWithRoyalty',
        'The collection: card count, floor, volume, and `royaltyGuaranteed` (its cards move by an operator only inside a fill that pays the royalty).',
      ),
    },
    errors: [404],
  }),
];
