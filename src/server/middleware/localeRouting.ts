import { defineMiddleware } from 'astro:middleware';
import { detectLocale } from '~/features/i18n/detect';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localizePath, stripLocale } from '~/features/i18n/locales';
import { getT } from '~/features/i18n/t';

/**
 * Serves both locales from one page file: `/en/...` is rewritten to the unprefixed route with
 * `locals.locale = 'en'`. A visit to `/` from someone whose cookie (or, without a cookie, whose browser)
 * asks for English answers 302 to `/en`. A page's rewrite to `/404` keeps the locale it was asked in.
 * @see spec §4 (Locale choice), §9
 */
export const localeRouting = defineMiddleware((ctx, next) => {
  // A page that answers 404 rewrites to /404; the 404 page speaks the language of the page asked for.
  if (ctx.url.pathname === '/404' && ctx.locals.locale !== undefined) return next();
  const { locale, path } = stripLocale(ctx.url.pathname);
  ctx.locals.locale = locale;
  ctx.locals.path = path;
  ctx.locals.t = getT(locale);
  if (ctx.url.pathname === '/' && (ctx.request.method === 'GET' || ctx.request.method === 'HEAD')) {
    const cookie = ctx.cookies.get(LOCALE_COOKIE)?.value;
    const wanted = detectLocale(cookie, ctx.request.headers.get('accept-language'));
    if (wanted !== locale) {
      ctx.cookies.set(LOCALE_COOKIE, wanted, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' });
      return ctx.redirect(localizePath('/', wanted) + ctx.url.search, 302);
    }
  }
  // A page built once per locale (src/pages/[...lang]/) already matched its English path: no rewrite then.
  if (locale !== 'ja' && !ctx.isPrerendered) return next(path + ctx.url.search);
  return next();
});
