import { changeStream } from '~/features/events/stream.server';
import { topicsSchema } from '~/features/events/topics';
import { apiRoute } from '~/server/api/handler';
import { validate } from '~/server/api/parse';
import { requestMeta } from '~/server/api/requestMeta';

/**
 * `GET /api/v1/changes?topics=card:12,cards` -> `text/event-stream`: the change events of those cache tags
 * (see src/features/events/stream.server.ts), for live pages. 422 for unknown topics; 503 with `Retry-After` past
 * a cap of src/features/events/streamCaps.ts (the process's, the address's, the network's, the signed-in
 * account's), and the page then polls `GET /api/v1/changes/latest`.
 */
export const GET = apiRoute((ctx) => {
  const topics = validate(topicsSchema, ctx.url.searchParams.get('topics') ?? undefined);
  const { ip } = requestMeta(ctx);
  return changeStream(topics, ctx.request.signal, { ip, userId: ctx.locals.user?.id ?? null });
});
