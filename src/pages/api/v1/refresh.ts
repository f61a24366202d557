import { clearSessionCookies, SESSION_COOKIES, setSessionCookies } from '~/features/session/cookies.server';
import { rotateRefreshToken, type SessionKind } from '~/features/session/sessions.server';
import { apiRoute } from '~/server/api/handler';
import { requestMeta } from '~/server/api/requestMeta';
import { json, jsonError } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `POST /api/v1/refresh`: exchanges the refresh cookie(s) for a new token pair. Reusing an old refresh
 * token revokes its session. 401 when there is nothing valid to refresh (the client then logs out).
 */
export const POST = apiRoute(async (ctx) => {
  const db = await database();
  const refreshed: SessionKind[] = [];
  for (const kind of ['user', 'admin'] as const) {
    const token = ctx.cookies.get(SESSION_COOKIES[kind].refresh)?.value;
    if (!token) continue;
    const result = await rotateRefreshToken(db, token, kind, requestMeta(ctx));
    if (result.state === 'rotated') {
      setSessionCookies(ctx.cookies, ctx.locals.client.origin, kind, result.tokens);
      refreshed.push(kind);
    } else {
      clearSessionCookies(ctx.cookies, kind);
    }
  }
  return refreshed.length ? json({ refreshed }) : jsonError(401, 'The session has ended; please sign in again');
});
