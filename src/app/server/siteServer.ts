/**
 * The web server: starts the database (PostgreSQL, or the embedded one in its own thread), then listens on
 * `HOST`:`PORT` (default `localhost:4321`), answering built static files itself (./staticFiles.ts) and handing
 * every other request to Astro. Then it starts, explicitly, what runs beside the requests: the background jobs
 * (./backgroundJobs.server.ts: the chain indexer unless `INDEXER=off` leaves it to `npm run indexer`, the purchase
 * minter) and the listener that shares cache invalidations between server processes. SIGINT/SIGTERM stop all of it cleanly. The event-loop delay is measured for
 * `/api/v1/health` while requests come (./eventLoop.ts: nothing wakes an idle server).
 *
 * @see ../../../docs/operations.md
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { startChangeListener } from '~/features/events/changeListener.server';
import { answerFromCache } from '~/server/cache/pageCache';
import { closeDatabase } from '~/server/db/client';
import { openServerDatabase } from '~/server/db/serverDatabase';
import type { DatabaseHandle } from '~/server/db/types';
import { noteRequest } from '~/server/serve/eventLoop';
import { isForkedServer } from '~/server/serve/processes';
import { staticFiles } from '~/server/serve/staticFiles';
import { redirectTrailingSlash } from '~/server/serve/trailingSlash';
import type { Settings } from '~/server/settings/schema';
import { serverSettings } from '~/server/settings/settings.server';
import { startBackgroundJobs } from './jobs.server';

type AstroHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Starts everything (see the module comment); resolves once the server listens. */
export async function startSiteServer(
  astro: AstroHandler,
  settings: Settings = serverSettings(),
  /** The database, when the caller started opening it already (./entry.ts does, beside loading the modules). */
  opening: Promise<DatabaseHandle> = openServerDatabase(settings),
): Promise<void> {
  const handle = await opening;
  const serveStatic = staticFiles(resolve(settings.CLIENT_DIR));
  const server = createServer((req, res) => {
    noteRequest();
    try {
      if (redirectTrailingSlash(req, res)) return;
      if (serveStatic(req, res)) return;
      if (answerFromCache(req, res)) return;
    } catch (error) {
      console.error('[static] failed:', error);
    }
    // No `next`: a path no route matches is rendered by Astro too (its middleware rewrites `/en/...`, else the
    // 404 page), as in standalone mode.
    void astro(req, res);
  });
  server.keepAliveTimeout = 65_000;
  const host = settings.HOST;
  const port = settings.PORT;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    // Forked servers (SERVER_PROCESSES) each bind the port themselves; the kernel spreads the connections.
    server.listen({ port, host, ...(isForkedServer() ? { exclusive: true, reusePort: true } : {}) }, () => done());
  });
  console.log(
    `[server] listening on http://${host}:${port} (${handle.kind === 'postgres' ? 'PostgreSQL' : 'embedded database'})`,
  );
  const jobs = startBackgroundJobs(handle, 'server', settings);
  const listener = await startChangeListener(handle, settings).catch((error: unknown) => {
    console.error('[events] the change listener did not start:', error);
    return undefined;
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      server.close();
      server.closeAllConnections();
      await jobs.stop();
      await listener?.stop();
      await closeDatabase();
      process.exit(0);
    })();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
