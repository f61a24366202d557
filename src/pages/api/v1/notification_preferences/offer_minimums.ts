import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { offerMinimums, offerMinimumsSchema, setOfferMinimums } from '~/features/notifications/offerMinimums.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/notification_preferences/offer_minimums` -> `{collections: [{collectionId, name, nameEn, symbol,
 * minPrice}]}`: the collections the signed-in user holds cards of (or set a minimum for) and the lowest offer for
 * one of their cards that tells them (`minPrice` in the chain's coin, "0" for every offer; null: offers under half
 * the collection's floor do not tell). @see src/features/notifications/offerThreshold.ts
 */
export const GET = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  return json({ collections: await offerMinimums(await database(), user.id) });
});

/**
 * `PUT /api/v1/notification_preferences/offer_minimums {minimums: {"<collection id>": "0.05" | "0" | null}}` ->
 * the list as GET answers it; null clears a minimum. 422 for a price that is not one, or a collection not on the
 * marketplace.
 */
export const PUT = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { minimums } = await readJson(ctx.request, offerMinimumsSchema);
  return json({ collections: await setOfferMinimums(await database(), user.id, minimums) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/notification_preferences/offer_minimums',
    operationId: 'getOfferMinimums',
    summary: 'The least offer per collection worth a notification',
    tag: 'Account',
    auth: 'session',
    answer: {
      status: 200,
      description: '`{collections: [...]}`.',
      schema: describedObject('OfferMinimums', '`{collections: [...]}`.'),
    },
    errors: [401],
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/v1/notification_preferences/offer_minimums',
    operationId: 'setOfferMinimums',
    summary: 'Set the least offer per collection worth a notification',
    tag: 'Account',
    auth: 'session',
    body: offerMinimumsSchema,
    answer: {
      status: 200,
      description: 'The minimums as stored.',
      schema: describedObject('OfferMinimums', 'The minimums as stored.'),
    },
    errors: [401, 415, 422],
  }),
];
