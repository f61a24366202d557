import { changeStream, streamRefusal } from '~/features/events/stream.server';
import { bellTopic } from '~/features/notifications/bellTopic';
import { requireUser } from '~/server/api/auth';
import { HttpError } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { requestMeta } from '~/server/api/requestMeta';

/**
 * `GET /api/v1/notifications/stream` -> `text/event-stream`: `event: change` each time the signed-in user gets
 * a notification (the bell then asks for its count). The same streams and limits as `GET /api/v1/changes`.
 */
export const GET = apiRoute((ctx) => {
  const user = requireUser(ctx);
  const { ip } = requestMeta(ctx);
  const refusal = streamRefusal(ip);
  if (refusal === 'busy')
    throw new HttpError(503, 'Too many live pages are open; try again shortly', { 'Retry-After': '30' });
  if (refusal === 'ip')
    throw new HttpError(429, 'Too many live pages are open from this address', { 'Retry-After': '30' });
  return changeStream([bellTopic(user.id)], ctx.request.signal, ip);
});
