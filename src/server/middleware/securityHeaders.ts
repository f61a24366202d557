import { defineMiddleware } from 'astro:middleware';
import { withSecurityHeaders } from '../http/securityHeaders';

/** Outermost step: every response (pages, redirects, 404s, API) gets the security headers. */
export const securityHeaders = defineMiddleware(async (_ctx, next) => withSecurityHeaders(await next()));
