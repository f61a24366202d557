import { PUBLIC_API_KEY } from 'astro:env/client';
import { defineMiddleware } from 'astro:middleware';
import { defaultLocale, stripLocale } from '~/features/i18n/locales';
import { jsonError } from '../api/respond';
import { isSafeMethod, siteRequestProblem } from '../api/siteRequest';
import { siteOrigins } from '../http/site';
import { serverSettings } from '../settings/settings.server';

/** The one state-changing API path not called by the site's pages (exactly this path, no escapes). */
export const STRIPE_WEBHOOK_PATH = '/api/v1/payments/stripe/webhook';

/**
 * One-click unsubscribe (RFC 8058): mail providers post it from their servers, without the site's headers; it
 * acts only on its HMAC-signed token (src/features/notifications/mail/signedToken.server.ts).
 */
export const UNSUBSCRIBE_PATH = '/api/v1/unsubscribe';

/** The mail provider's bounce and complaint reports: from its servers, checked by their HMAC signature. */
export const MAIL_EVENTS_PATH = '/api/v1/email/events';

/**
 * Paths a request authenticated by an API key may write to without the site's headers (webhook endpoints): a key
 * is a header no browser sends across sites on its own, so such a request is no forgery. The key was checked
 * before this gate (`locals.apiKey`, src/features/developers/limits/apiKeyGate.server.ts).
 */
export const KEY_WRITE_PATHS = /^\/api\/v1\/webhooks(\/[a-z0-9_]+)*$/;

/** Whether a (locale-stripped) path is under the API, however its letters are escaped. */
function isApiPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: judge the raw path
  }
  return /^\/+api(\/|$)/i.test(decoded);
}

/**
 * The CSRF gate, before anything else reads the request: every state-changing request, on any path, must
 * come from the site (see ../api/siteRequest.ts), else 403 with a message; the exceptions are Stripe's
 * webhook at exactly {@link STRIPE_WEBHOOK_PATH}, which answers only to a valid Stripe signature, one-click
 * unsubscribe ({@link UNSUBSCRIBE_PATH}, a signed token) and the mail provider's reports
 * ({@link MAIL_EVENTS_PATH}, a signed body), and a request with a valid API key to a webhook path
 * ({@link KEY_WRITE_PATHS}). The API has no locale prefix:
 * `/en/api/...` answers 404.
 */
export const apiGate = defineMiddleware((ctx, next) => {
  if (ctx.isPrerendered) return next();
  const { locale, path } = stripLocale(ctx.url.pathname);
  if (locale !== defaultLocale && isApiPath(path)) return jsonError(404, 'Not found: the API has no locale prefix');
  if (isSafeMethod(ctx.request.method)) return next();
  // Servers (Stripe's, the mail provider's) call these without the site's headers; each checks a signature.
  if (path === STRIPE_WEBHOOK_PATH || path === UNSUBSCRIBE_PATH || path === MAIL_EVENTS_PATH) return next();
  if (ctx.locals.apiKey && KEY_WRITE_PATHS.test(path)) return next();
  const origins = new Set([...siteOrigins(serverSettings()).origins, ctx.locals.client.origin]);
  const problem = siteRequestProblem(ctx.request, origins, PUBLIC_API_KEY);
  return problem ? jsonError(403, problem) : next();
});
