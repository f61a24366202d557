import { categoryListQuerySchema, listCategories } from '~/features/catalogue/collections/categories.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/categories?chain_id&creator&q&sort=newest|volume&page&per_page` -> list of CategorySummary. */
export const GET = apiRoute(async (ctx) => {
  const filters = readQuery(ctx.url, categoryListQuerySchema);
  return json(await listCategories(await database(), filters));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/categories',
    operationId: 'listCollections',
    summary: 'Collections',
    tag: 'Catalogue',
    auth: 'none',
    query: categoryListQuerySchema,
    answer: {
      status: 200,
      description: 'A page of collection summaries.',
      schema: describedObject('CollectionPage', 'A page of collection summaries.'),
    },
    errors: [422],
  }),
];
