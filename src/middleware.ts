import { sequence } from 'astro:middleware';
import { apiGate } from './server/middleware/apiGate';
import { chainSelection } from './server/middleware/chainSelection';
import { clientInfo } from './server/middleware/clientInfo';
import { localeRouting } from './server/middleware/localeRouting';
import { routeGuards } from './server/middleware/routeGuards';
import { securityHeaders } from './server/middleware/securityHeaders';
import { session } from './server/middleware/session';

/**
 * Request pipeline: security headers wrap every response; the client (address, origin) is resolved once;
 * writes must come from the site (CSRF); then chain selection, locale, the session and the route guards.
 * @see ../docs/architecture.md (middleware)
 */
export const onRequest = sequence(
  securityHeaders,
  clientInfo,
  apiGate,
  chainSelection,
  localeRouting,
  session,
  routeGuards,
);
