import { eventStream, streamStart } from '~/features/developers/feed/feedStream.server';
import { eventStreamRoute } from '~/features/developers/openapi/contracts/developers';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { requestMeta } from '~/server/api/requestMeta';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/events/stream?types&collection&after` -> `text/event-stream` of market events, resuming after
 * `Last-Event-ID` (or `after`); from now when neither is given.
 */
export const GET = apiRoute(async (ctx) => {
  const query = readQuery(ctx.url, eventStreamRoute.query);
  const db = await database();
  const start = await streamStart(db, ctx.request.headers.get('last-event-id'), query.after);
  const { ip } = requestMeta(ctx);
  return eventStream(db, start, query, ctx.request.signal, { ip, userId: ctx.locals.user?.id ?? null });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [eventStreamRoute];
