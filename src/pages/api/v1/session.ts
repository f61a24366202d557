import { clearSessionCookies, sessionCookieTokens } from '~/features/session/cookies.server';
import { revokeSession, sessionOfTokens } from '~/features/session/sessions.server';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `DELETE /api/v1/session`: logout (also used when a refresh fails). Always clears the cookies. */
export const DELETE = apiRoute(async (ctx) => {
  // The session ends even when its access token has expired: the cookies still name it.
  const db = await database();
  const sessionId = await sessionOfTokens(db, 'user', sessionCookieTokens(ctx.cookies, 'user'));
  if (sessionId !== null) await revokeSession(db, sessionId, 'logout');
  clearSessionCookies(ctx.cookies, 'user');
  return json({});
});
