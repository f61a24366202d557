import { sequence } from 'astro:middleware';
import { apiKeyGate } from '~/features/developers/limits/apiKeyGate.server';
import { routeGuards } from '~/features/session/routeGuardsMiddleware.server';
import { session } from '~/features/session/sessionMiddleware.server';
import { apiGate } from '~/server/middleware/apiGate';
import { chainSelection } from '~/server/middleware/chainSelection';
import { clientInfo } from '~/server/middleware/clientInfo';
import { localeRouting } from '~/server/middleware/localeRouting';
import { securityHeaders } from '~/server/middleware/securityHeaders';

/**
 * The request pipeline: security headers wrap every response; the client (address, origin) is resolved once;
 * an API key is checked and counted (the developers feature);
 * writes must come from the site (CSRF); then chain selection, locale, the session and the route guards (the
 * last two are the session feature's). `src/middleware.ts`, Astro's entry, only hands this on.
 * @see ../../docs/architecture.md (middleware)
 */
export const onRequest = sequence(
  securityHeaders,
  clientInfo,
  apiKeyGate,
  apiGate,
  chainSelection,
  localeRouting,
  session,
  routeGuards,
);
