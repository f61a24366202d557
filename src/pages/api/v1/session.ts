import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
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

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/session',
    operationId: 'signOut',
    summary: 'Sign out (clears the session cookies)',
    tag: 'Account',
    auth: 'none',
    answer: { status: 200, description: 'Signed out.', schema: describedObject('SignedOut', 'Signed out.') },
    errors: [],
  }),
];
