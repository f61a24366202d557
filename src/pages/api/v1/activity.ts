import { activityQuerySchema, listActivity } from '~/features/catalogue/activity/activity.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/activity?card_id|wallet_address|category_id&type=sale|listing|mint|all&page&per_page` ->
 * list of ActivityItem, newest first; sales and listings unless `type` says otherwise; no subject = the
 * whole market.
 */
export const GET = apiRoute(async (ctx) => {
  const { filter, page } = readQuery(ctx.url, activityQuerySchema);
  return json(await listActivity(await database(), filter, page));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/activity',
    operationId: 'listActivity',
    summary: 'Sales, listings and mints, newest first',
    tag: 'Catalogue',
    auth: 'none',
    query: activityQuerySchema,
    answer: {
      status: 200,
      description:
        'A page of activity items (sales, listings, mints) of a card, a wallet, a collection or the whole market.',
      schema: describedObject(
        'ActivityPage',
        'A page of activity items (sales, listings, mints) of a card, a wallet, a collection or the whole market.',
      ),
    },
    errors: [422],
  }),
];
