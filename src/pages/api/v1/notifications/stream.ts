import { changeStream } from '~/features/events/stream.server';
import { bellTopic } from '~/features/notifications/bellTopic';
import { requireUser } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { requestMeta } from '~/server/api/requestMeta';

/**
 * `GET /api/v1/notifications/stream` -> `text/event-stream`: `event: change` each time the signed-in user gets
 * a notification (the bell then asks for its count). The same streams and caps as `GET /api/v1/changes`; a bell
 * refused one (503) asks for its count now and then instead.
 */
export const GET = apiRoute((ctx) => {
  const user = requireUser(ctx);
  const { ip } = requestMeta(ctx);
  return changeStream([bellTopic(user.id)], ctx.request.signal, { ip, userId: user.id });
});
