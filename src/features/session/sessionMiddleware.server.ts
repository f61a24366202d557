import { defineMiddleware } from 'astro:middleware';
import type { APIContext } from 'astro';
import { clearSessionCookies, SESSION_COOKIES, setSessionCookies } from '~/features/session/cookies.server';
import { loadCurrentAdmin, loadCurrentUser } from '~/features/session/currentUser.server';
import { checkAccessToken, rotateRefreshToken, type SessionKind } from '~/features/session/sessions.server';
import { database } from '~/server/db/client';
import { isPublicPage } from '~/server/http/publicPages';

type Resolved =
  | { state: 'none' }
  | { state: 'expired' }
  | { state: 'valid'; sessionId: number; userId: number | null; illustratorId: number | null; adminId: number | null };

/**
 * Reads one kind of session from its cookies. An API request with an expired access token is told so
 * (401 TOKEN_EXPIRED, then the client refreshes); a page request refreshes in place so a reader who
 * paused for a while is not sent to the sign-in page.
 */
async function resolve(ctx: APIContext, kind: SessionKind): Promise<Resolved> {
  const names = SESSION_COOKIES[kind];
  const access = ctx.cookies.get(names.access)?.value;
  const refresh = ctx.cookies.get(names.refresh)?.value;
  if (!access && !refresh) return { state: 'none' };
  const db = await database();
  const check = access ? await checkAccessToken(db, access, kind) : ({ state: 'invalid' } as const);
  if (check.state === 'valid') return check;
  const isPage = !ctx.url.pathname.startsWith('/api/') && ctx.request.method === 'GET';
  if (!isPage || !refresh) return check.state === 'expired' ? { state: 'expired' } : { state: 'none' };
  const rotated = await rotateRefreshToken(db, refresh, kind, ctx.locals.client);
  if (rotated.state !== 'rotated') {
    clearSessionCookies(ctx.cookies, kind);
    return { state: 'none' };
  }
  setSessionCookies(ctx.cookies, ctx.locals.client.origin, kind, rotated.tokens);
  const fresh = await checkAccessToken(db, rotated.tokens.accessToken, kind);
  return fresh.state === 'valid' ? fresh : { state: 'none' };
}

/**
 * Fills `locals.user`, `locals.admin` and `locals.auth` from the session cookies. Public catalogue pages
 * (../http/publicPages.ts) are the same for everyone: their requests are not looked up.
 */
export const session = defineMiddleware(async (ctx, next) => {
  ctx.locals.user = null;
  ctx.locals.admin = null;
  ctx.locals.auth = {
    userSessionId: null,
    illustratorId: null,
    userExpired: false,
    adminSessionId: null,
    adminId: null,
    adminExpired: false,
  };
  if (ctx.request.method === 'GET' && isPublicPage(ctx.locals.path)) return next();
  const [user, admin] = await Promise.all([resolve(ctx, 'user'), resolve(ctx, 'admin')]);
  const db = user.state === 'valid' || admin.state === 'valid' ? await database() : null;
  if (user.state === 'expired') ctx.locals.auth.userExpired = true;
  if (db && user.state === 'valid' && user.userId !== null) {
    ctx.locals.user = await loadCurrentUser(db, user.userId, user.illustratorId);
    if (ctx.locals.user) {
      ctx.locals.auth.userSessionId = user.sessionId;
      ctx.locals.auth.illustratorId = user.illustratorId;
    }
  }
  if (admin.state === 'expired') ctx.locals.auth.adminExpired = true;
  if (db && admin.state === 'valid' && admin.adminId !== null) {
    ctx.locals.admin = await loadCurrentAdmin(db, admin.adminId);
    if (ctx.locals.admin) {
      ctx.locals.auth.adminSessionId = admin.sessionId;
      ctx.locals.auth.adminId = admin.adminId;
    }
  }
  return next();
});
