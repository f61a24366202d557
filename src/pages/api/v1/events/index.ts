import { eventSeq } from '~/features/developers/feed/eventIds';
import { feedPage } from '~/features/developers/feed/feedEvents.server';
import { eventFeedRoute } from '~/features/developers/openapi/contracts/developers';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/events?after&types&collection&limit` -> `{events, next, has_more}`: the market's events in order
 * after the cursor (410 for one older than the 30 days kept, 422 for one that is not ours or an unknown type).
 */
export const GET = apiRoute(async (ctx) => {
  const query = readQuery(ctx.url, eventFeedRoute.query);
  const after = query.after === undefined ? undefined : eventSeq(query.after);
  return json(await feedPage(await database(), { ...query, after }));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [eventFeedRoute];
