import type { AstroCookies } from 'astro';
import type { IssuedTokens, SessionKind } from './sessions.server';
import { SIGNED_IN_HINT } from './types';

/**
 * Session cookies: HttpOnly, SameSite=Lax, Secure everywhere but plain-http localhost. The access
 * cookie lives as long as the refresh cookie so the server can answer TOKEN_EXPIRED (rather than
 * "not signed in") once the short-lived token inside it has aged out.
 * Spec §9: the auth cookie is `demo_auth`, path /.
 */
export const SESSION_COOKIES = {
  user: { access: 'demo_auth', refresh: 'demo_auth_refresh' },
  admin: { access: 'demo_admin_auth', refresh: 'demo_admin_auth_refresh' },
} as const satisfies Record<SessionKind, { access: string; refresh: string }>;

function isLocalHttp(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Writes a fresh token pair into the cookies of its kind; `origin` is the one the browser used (`locals.client.origin`). */
export function setSessionCookies(
  cookies: AstroCookies,
  origin: string,
  kind: SessionKind,
  tokens: IssuedTokens,
  now = new Date(),
): void {
  const maxAge = Math.max(1, Math.floor((tokens.refreshExpiresAt.getTime() - now.getTime()) / 1000));
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure: !isLocalHttp(origin), maxAge } as const;
  cookies.set(SESSION_COOKIES[kind].access, tokens.accessToken, options);
  cookies.set(SESSION_COOKIES[kind].refresh, tokens.refreshToken, options);
  if (kind === 'user') cookies.set(SIGNED_IN_HINT, '1', { ...options, httpOnly: false });
}

/** Removes the cookies of one kind of session. */
export function clearSessionCookies(cookies: AstroCookies, kind: SessionKind): void {
  cookies.delete(SESSION_COOKIES[kind].access, { path: '/' });
  cookies.delete(SESSION_COOKIES[kind].refresh, { path: '/' });
  if (kind === 'user') cookies.delete(SIGNED_IN_HINT, { path: '/' });
}

/** The raw tokens in the cookies of one kind of session. */
export function sessionCookieTokens(cookies: AstroCookies, kind: SessionKind): { access?: string; refresh?: string } {
  const access = cookies.get(SESSION_COOKIES[kind].access)?.value;
  const refresh = cookies.get(SESSION_COOKIES[kind].refresh)?.value;
  return { ...(access ? { access } : {}), ...(refresh ? { refresh } : {}) };
}
