// @ts-check
/**
 * The embedded database's own thread: opens PGlite on `workerData.dataDir` (with pg_trgm) and serves it as a
 * PostgreSQL server on a loopback port (`@electric-sql/pglite-socket`; the server uses one connection, see
 * ./serverDatabase.ts), then posts `{ port }`. The server process talks to it with node-postgres like to any
 * PostgreSQL, so a long query runs here and never blocks the event loop that answers requests. A `close`
 * message stops the server and closes the database.
 *
 * Plain JavaScript, loaded from the project folder by ./serverDatabase.ts (worker files are not bundled).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, maxConnections } = /** @type {{ dataDir: string, maxConnections: number }} */ (workerData);
const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
await server.start();
const address = /** @type {{ server?: import('node:net').Server }} */ (
  /** @type {unknown} */ (server)
).server?.address();
parentPort?.postMessage({ port: typeof address === 'object' && address ? address.port : 0 });
parentPort?.on('message', async (message) => {
  if (message !== 'close') return;
  await server.stop().catch(() => undefined);
  await db.close().catch(() => undefined);
  parentPort?.postMessage('closed');
});
