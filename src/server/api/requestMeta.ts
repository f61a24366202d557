import type { APIContext } from 'astro';

/** The caller's IP address and user agent, for sessions and rate limits (resolved by the clientInfo middleware). */
export function requestMeta(ctx: APIContext): { ip: string; userAgent: string | null } {
  return { ip: ctx.locals.client.ip, userAgent: ctx.locals.client.userAgent };
}
