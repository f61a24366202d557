import { defineMiddleware } from 'astro:middleware';
import { selectChainKey } from '../../features/chains/chainSelection';
import { serverChains } from '../../features/chains/config.server';
import { CHAIN_COOKIE, CHAIN_COOKIE_MAX_AGE } from '../../features/chains/store';

/**
 * Runs first on every navigation: `?chain_id=` sets the chain (and remembers it in the `currentChain`
 * cookie), else the cookie, else Ethereum. @see spec §4 (Current chain)
 */
export const chainSelection = defineMiddleware((ctx, next) => {
  const { key, fromQuery } = selectChainKey(
    serverChains(),
    ctx.url.searchParams.get('chain_id'),
    ctx.cookies.get(CHAIN_COOKIE)?.value,
  );
  ctx.locals.chainKey = key;
  // An API call's chain_id names the chain of that call only; it does not change the visitor's choice.
  if (fromQuery && !ctx.url.pathname.startsWith('/api/'))
    ctx.cookies.set(CHAIN_COOKIE, key, { path: '/', maxAge: CHAIN_COOKIE_MAX_AGE, sameSite: 'lax' });
  return next();
});
