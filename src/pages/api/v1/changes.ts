import { changeStream, streamRefusal } from '~/features/events/stream.server';
import { topicsSchema } from '~/features/events/topics';
import { HttpError } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { validate } from '~/server/api/parse';
import { requestMeta } from '~/server/api/requestMeta';

/**
 * `GET /api/v1/changes?topics=card:12,cards` -> `text/event-stream`: the change events of those cache tags
 * (see src/features/events/stream.server.ts), for live pages. 422 for unknown topics, 503 when the server
 * holds too many streams, 429 when one address holds too many.
 */
export const GET = apiRoute((ctx) => {
  const topics = validate(topicsSchema, ctx.url.searchParams.get('topics') ?? undefined);
  const { ip } = requestMeta(ctx);
  const refusal = streamRefusal(ip);
  if (refusal === 'busy')
    throw new HttpError(503, 'Too many live pages are open; try again shortly', { 'Retry-After': '30' });
  if (refusal === 'ip')
    throw new HttpError(429, 'Too many live pages are open from this address', { 'Retry-After': '30' });
  return changeStream(topics, ctx.request.signal, ip);
});
