import { sequence } from 'astro:middleware';
import { apiGate } from './server/middleware/apiGate';
import { chainSelection } from './server/middleware/chainSelection';
import { localeRouting } from './server/middleware/localeRouting';
import { routeGuards } from './server/middleware/routeGuards';
import { securityHeaders } from './server/middleware/securityHeaders';
import { session } from './server/middleware/session';

/**
 * Request pipeline: security headers wrap every response; API writes must come from the site (CSRF);
 * chain selection runs first, then locale, then the session and the route guards. @see ../shared/ARCHITECTURE.md (middleware.ts)
 */
export const onRequest = sequence(securityHeaders, apiGate, chainSelection, localeRouting, session, routeGuards);
