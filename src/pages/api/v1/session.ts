import { clearSessionCookies } from '../../../features/session/cookies.server';
import { revokeSession } from '../../../features/session/sessions.server';
import { apiRoute } from '../../../server/api/handler';
import { json } from '../../../server/api/respond';
import { database } from '../../../server/db/client';

/** `DELETE /api/v1/session`: logout (also used when a refresh fails). Always clears the cookies. */
export const DELETE = apiRoute(async (ctx) => {
  const sessionId = ctx.locals.auth.userSessionId;
  if (sessionId !== null) await revokeSession(await database(), sessionId, 'logout');
  clearSessionCookies(ctx.cookies, 'user');
  return json({});
});
