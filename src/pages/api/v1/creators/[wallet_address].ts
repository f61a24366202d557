import { z } from 'zod';
import { getCreator } from '~/features/catalogue/creators/creators.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { addressSchema } from '~/lib/addresses';
import { oneRoute } from '../_oneRoute';

/** `GET /api/v1/creators/{wallet_address}` -> CreatorDetail; 404 when the wallet is not a creator's. */
export const GET = oneRoute({
  segment: 'wallet_address',
  schema: addressSchema,
  read: getCreator,
  missing: 'No such creator',
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/creators/{wallet_address}',
    operationId: 'getCreator',
    summary: 'One creator',
    tag: 'Catalogue',
    auth: 'none',
    params: z.object({ wallet_address: z.string() }),
    answer: {
      status: 200,
      description: 'The creator and their collections.',
      schema: describedObject('CreatorDetail', 'The creator and their collections.'),
    },
    errors: [404],
  }),
];
