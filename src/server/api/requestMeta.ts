import type { APIContext } from 'astro';

/** The caller's IP address and user agent, for sessions and rate limits. */
export function requestMeta(ctx: APIContext): { ip: string; userAgent: string | null } {
  let ip = 'unknown';
  try {
    ip = ctx.clientAddress || 'unknown';
  } catch {
    // the adapter could not tell; every such caller shares one bucket
  }
  return { ip, userAgent: ctx.request.headers.get('user-agent') };
}
