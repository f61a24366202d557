import { defineMiddleware } from 'astro:middleware';
import { withSecurityHeaders } from '../http/securityHeaders';

/** Adds the security headers to every response, redirects and errors included. */
export const securityHeaders = defineMiddleware(async (_ctx, next) => withSecurityHeaders(await next()));
