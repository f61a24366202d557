/**
 * Logging out, written once for both kinds of session (`DELETE /api/v1/session` for users, `DELETE
 * /api/v1/admin_session` for admins): the session the cookies name is revoked, even when its access token has
 * expired, and the cookies are cleared either way. Not a route itself (its name starts with `_`).
 */
import { clearSessionCookies, sessionCookieTokens } from '~/features/session/cookies.server';
import { revokeSession, type SessionKind, sessionOfTokens } from '~/features/session/sessions.server';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** The `DELETE` that ends the caller's session of `kind` (see the module comment). */
export function logoutRoute(kind: SessionKind) {
  return apiRoute(async (ctx) => {
    const db = await database();
    const sessionId = await sessionOfTokens(db, kind, sessionCookieTokens(ctx.cookies, kind));
    if (sessionId !== null) await revokeSession(db, sessionId, 'logout');
    clearSessionCookies(ctx.cookies, kind);
    return json({});
  });
}
