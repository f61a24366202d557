import { defineMiddleware } from 'astro:middleware';
import { clientAddress, requestOrigin } from '../http/site';
import { serverSettings } from '../settings/settings.server';

/**
 * Resolves, once per request, who is asking: the client's address and the origin the browser used, both
 * through a trusted reverse proxy when one is configured (`TRUSTED_PROXIES`, see ../http/site.ts).
 */
export const clientInfo = defineMiddleware((ctx, next) => {
  if (ctx.isPrerendered) {
    // Built once, for nobody in particular.
    ctx.locals.client = { ip: 'unknown', userAgent: null, origin: ctx.url.origin };
    return next();
  }
  let peer = 'unknown';
  try {
    peer = ctx.clientAddress || 'unknown';
  } catch {
    // the adapter could not tell; every such caller shares one bucket
  }
  const headers = ctx.request.headers;
  const settings = serverSettings();
  ctx.locals.client = {
    ip: clientAddress(peer, headers, settings),
    userAgent: headers.get('user-agent'),
    origin: requestOrigin(ctx.url, peer, headers, settings),
  };
  return next();
});
