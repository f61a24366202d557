/**
 * A render that lost the database: a page whose load failed because the database did not answer (restarted,
 * failed over, a connection ended: ../db/unavailable.ts) shows an error state that must not be kept for an hour,
 * and the honest answer is 503 with `Retry-After` (the visitor, a crawler or a CDN tries again in a moment), as for
 * an error thrown on the way (the session's lookup, a load outside `attempt`). Pages catch their loads
 * (`attempt`, ../../lib/attempt.ts); its failures are heard here in the failing render's own async context, so each
 * render knows whether it lost the database, whatever other requests run at the time.
 *
 * @see ./pageCache.ts
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { stripLocale } from '~/features/i18n/locales';
import { getT } from '~/features/i18n/t';
import { whenLoadFails } from '~/lib/attempt';
import { DATABASE_RETRY_AFTER_SECONDS } from '../api/errors';
import { unavailableAnswer } from '../api/handler';
import { isDatabaseUnavailable } from '../db/unavailable';

/** Thrown by a render that lost the database after it began (see the module comment). */
export class RenderLostDatabase extends Error {
  constructor() {
    super('a load of the page failed: the database did not answer');
    this.name = 'RenderLostDatabase';
  }
}

const renders = new AsyncLocalStorage<{ lost: boolean }>();
whenLoadFails((error) => {
  const render = renders.getStore();
  if (render && isDatabaseUnavailable(error)) render.lost = true;
});

/** A watch over one render: `run` its steps (rendering, reading the body), then ask whether it `lost` the database. */
export function watchRender(): { run: <T>(step: () => Promise<T>) => Promise<T>; lost: () => boolean } {
  const render = { lost: false };
  return { run: (step) => renders.run(render, step), lost: () => render.lost };
}

/** Whether `error` means the render lost the database (thrown on the way, or found by {@link watchRender}). */
export function lostTheDatabase(error: unknown): boolean {
  return error instanceof RenderLostDatabase || isDatabaseUnavailable(error);
}

/**
 * The answer to a request whose render lost the database: the API's JSON 503 for `/api/` paths, else a short
 * text in the page's language; both with `Retry-After` and never stored.
 */
export function unavailablePage(request: Request, url: URL, error: unknown): Response {
  if (url.pathname.startsWith('/api/')) return unavailableAnswer(request.method, url.pathname, error);
  console.error(`[page] ${url.pathname}: the database is not answering; answered 503`);
  const text = getT(stripLocale(url.pathname).locale)('serverError.unavailable');
  return new Response(request.method === 'HEAD' ? null : text, {
    status: 503,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    },
  });
}
