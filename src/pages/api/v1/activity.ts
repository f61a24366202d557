import { activityQuerySchema, listActivity } from '~/features/catalogue/activity/activity.server';
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
