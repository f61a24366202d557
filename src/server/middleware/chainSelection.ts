import { defineMiddleware } from 'astro:middleware';
import { CHAIN_COOKIE, CHAIN_COOKIE_MAX_AGE } from '~/features/chains/chainCookie';
import { selectChainKey } from '~/features/chains/chainSelection';
import { DEFAULT_CHAIN_KEY } from '~/features/chains/chains';
import { serverChains } from '~/features/chains/config.server';
import { stripLocale } from '~/features/i18n/locales';
import { isPublicPage } from '../http/publicPages';

/**
 * Runs first on every navigation: `?chain_id=` sets the chain (and remembers it in the `currentChain`
 * cookie), else the cookie, else Ethereum. @see spec §4 (Current chain)
 */
export const chainSelection = defineMiddleware((ctx, next) => {
  if (ctx.isPrerendered) {
    ctx.locals.chainKey = DEFAULT_CHAIN_KEY;
    return next();
  }
  const { key, fromQuery } = selectChainKey(
    serverChains(),
    ctx.url.searchParams.get('chain_id'),
    ctx.cookies.get(CHAIN_COOKIE)?.value,
  );
  ctx.locals.chainKey = key;
  // An API call's chain_id names the chain of that call only; it does not change the visitor's choice. On the
  // public catalogue (the same HTML for everyone) the browser remembers the choice itself (src/client/sessionView.ts).
  const path = stripLocale(ctx.url.pathname).path;
  if (fromQuery && !path.startsWith('/api/') && !isPublicPage(path))
    ctx.cookies.set(CHAIN_COOKIE, key, { path: '/', maxAge: CHAIN_COOKIE_MAX_AGE, sameSite: 'lax' });
  return next();
});
