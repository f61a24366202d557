import type { APIContext, APIRoute } from 'astro';
import { isDatabaseUnavailable } from '../db/unavailable';
import { databaseUnavailable, HttpError } from './errors';
import { jsonError } from './respond';

/**
 * Wraps an endpoint so that whatever it throws becomes a JSON answer: an HttpError keeps its status and
 * message; the database not answering (restarted, failed over, a connection ended: ../db/unavailable.ts) is 503
 * with `Retry-After`, since PostgreSQL rolled back what the request had begun; anything else is logged and
 * answered 500 with a generic message (never a stack trace).
 */
export function apiRoute(handler: (ctx: APIContext) => Promise<Response> | Response): APIRoute {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (error) {
      if (error instanceof HttpError) return jsonError(error.status, error.message, error.headers);
      if (isDatabaseUnavailable(error)) return unavailableAnswer(ctx.request.method, ctx.url.pathname, error);
      console.error(`[api] ${ctx.request.method} ${ctx.url.pathname}`, error);
      return jsonError(500, 'Internal server error');
    }
  };
}

/** What the handler of a write answers: its response, and the change it made (none: nothing a page shows). */
export interface WriteAnswer<C> {
  response: Response;
  change?: C | undefined;
}

/**
 * The wrapper of endpoints that write, given how a change is published: as {@link apiRoute}, and once the handler
 * returned (its writes committed) the change it answered is published, before the response leaves; a handler that
 * threw publishes nothing. The server knows no feature: the composition root gives `publish` and the change's type
 * (src/app/server/writeRoute.ts), so no endpoint publishes by hand.
 */
export function writeRoutes<C>(publish: (change: C) => Promise<void>) {
  return (handler: (ctx: APIContext) => Promise<WriteAnswer<C>>): APIRoute =>
    apiRoute(async (ctx) => {
      const { response, change } = await handler(ctx);
      if (change !== undefined) await publish(change);
      return response;
    });
}

/** The API's answer when the database did not answer (see {@link apiRoute}), logged in one line. */
export function unavailableAnswer(method: string, path: string, error: unknown): Response {
  console.error(`[api] ${method} ${path}: the database is not answering (${firstLine(error)})`);
  const answer = databaseUnavailable();
  return jsonError(answer.status, answer.message, answer.headers);
}

/** An error's message's first line, and its cause's (drizzle's message is the query; the cause says why). */
function firstLine(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown } })?.cause?.message;
  const own = String((error as { message?: unknown })?.message ?? error).split('\n')[0] ?? '';
  return typeof cause === 'string' ? cause : own;
}
