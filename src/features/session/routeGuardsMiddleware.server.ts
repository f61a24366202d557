import { defineMiddleware } from 'astro:middleware';
import { localizePath } from '~/features/i18n/locales';
import { runGuards } from '~/features/session/guards';
import { guardsForPath } from '~/features/session/routeGuards';
import { setFlash } from '~/server/http/flash';

/**
 * Applies the guards of the route table to page requests; a refusal redirects (locale kept) with the
 * guard's alert carried to the next page. @see spec §6
 */
export const routeGuards = defineMiddleware((ctx, next) => {
  const names = guardsForPath(ctx.locals.path);
  if (names.length === 0) return next();
  const result = runGuards(names, {
    user: ctx.locals.user,
    admin: ctx.locals.admin,
    connectedWallet: ctx.locals.user?.walletAddress ?? null,
  });
  if (result.pass) return next();
  if (result.alert) setFlash(ctx.cookies, { key: result.alert, color: 'alert' });
  return ctx.redirect(localizePath(result.redirect, ctx.locals.locale), 302);
});
