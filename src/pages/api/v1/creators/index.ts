import { creatorListQuerySchema, listCreators } from '~/features/catalogue/creators/creators.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/creators?q&sort=newest|name|volume&page&per_page` -> list of CreatorSummary. */
export const GET = apiRoute(async (ctx) => {
  const filters = readQuery(ctx.url, creatorListQuerySchema);
  return json(await listCreators(await database(), filters));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/creators',
    operationId: 'listCreators',
    summary: 'Creators',
    tag: 'Catalogue',
    auth: 'none',
    query: creatorListQuerySchema,
    answer: {
      status: 200,
      description: 'A page of creator summaries.',
      schema: describedObject('CreatorPage', 'A page of creator summaries.'),
    },
    errors: [422],
  }),
];
