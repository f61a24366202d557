import { defineMiddleware } from 'astro:middleware';
import { CHAIN_COOKIE, CHAIN_COOKIE_MAX_AGE } from '~/features/chains/chainCookie';
import { selectChain } from '~/features/chains/chainSelection';
import { serverChains } from '~/features/chains/config.server';
import { stripLocale } from '~/features/i18n/locales';
import { isPublicPage } from '../http/publicPages';

/**
 * Runs first on every request and resolves the current chain once, onto `locals.chain`: `?chain_id=` sets
 * it (and remembers it in the `currentChain` cookie), else the cookie, else Ethereum. Endpoints that take a
 * `chain_id` read it with `chainIdParam` and `chainFromParam` (~/features/chains), which fall back to this
 * chain. @see docs/product-spec.md §4 (Current chain)
 */
export const chainSelection = defineMiddleware((ctx, next) => {
  if (ctx.isPrerendered) {
    ctx.locals.chain = selectChain(serverChains(), null, undefined).chain;
    return next();
  }
  const { chain, fromQuery } = selectChain(
    serverChains(),
    ctx.url.searchParams.get('chain_id'),
    ctx.cookies.get(CHAIN_COOKIE)?.value,
  );
  ctx.locals.chain = chain;
  // An API call's chain_id names the chain of that call only; it does not change the visitor's choice. On the
  // public catalogue (the same HTML for everyone) the browser remembers the choice itself (src/client/sessionView.ts).
  const path = stripLocale(ctx.url.pathname).path;
  if (fromQuery && !path.startsWith('/api/') && !isPublicPage(path))
    ctx.cookies.set(CHAIN_COOKIE, chain.key, { path: '/', maxAge: CHAIN_COOKIE_MAX_AGE, sameSite: 'lax' });
  return next();
});
