import type { APIContext, APIRoute } from 'astro';
import { HttpError } from './errors';
import { jsonError } from './respond';

/**
 * Wraps an endpoint so that whatever it throws becomes a JSON answer: an HttpError keeps its status and
 * message; anything else is logged and answered 500 with a generic message (never a stack trace).
 */
export function apiRoute(handler: (ctx: APIContext) => Promise<Response> | Response): APIRoute {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (error) {
      if (error instanceof HttpError) return jsonError(error.status, error.message, error.headers);
      console.error(`[api] ${ctx.request.method} ${ctx.url.pathname}`, error);
      return jsonError(500, 'Internal server error');
    }
  };
}
