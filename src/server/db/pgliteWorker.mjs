// @ts-check
/**
 * The embedded database's own thread: opens PGlite on `workerData.dataDir` (with pg_trgm) and serves it as a
 * PostgreSQL server on a Unix socket at `workerData.socketPath` (`@electric-sql/pglite-socket`; the server uses one
 * connection, see ./serverDatabase.ts), then posts `{ ready: true }`. The server process talks to it with node-postgres like to any
 * PostgreSQL, so a long query runs here and never blocks the event loop that answers requests. A `close`
 * message stops the server and closes the database.
 *
 * Plain JavaScript, loaded from the project folder by ./serverDatabase.ts (worker files are not bundled).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, maxConnections } =
  /** @type {{ dataDir: string, socketPath: string, maxConnections: number }} */ (workerData);

/**
 * Makes `socket` send what is written to it in one write per turn of the event loop. The socket server writes
 * PGlite's answer to each protocol message on its own, with no delay (parse, bind, describe, execute, sync: about
 * 6 writes a query, each waking the server's thread under load): now about one. A crawl of token pages used
 * 23.4 ms of CPU a page against 26.3 ms before (3 runs each, 32 connections). Writes keep their order; `end()`
 * sends what waits first.
 *
 * @param {import('node:net').Socket} socket
 */
function coalesceWrites(socket) {
  const write = socket.write.bind(socket);
  const end = /** @type {(...args: unknown[]) => import('node:net').Socket} */ (socket.end.bind(socket));
  /** @type {Buffer[]} */
  let pending = [];
  /** @type {((error?: Error | null) => void)[]} */
  let callbacks = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0 || socket.destroyed) return;
    const [chunks, done] = [pending, callbacks];
    pending = [];
    callbacks = [];
    write(Buffer.concat(chunks), (error) => {
      for (const callback of done) callback(error);
    });
  };
  socket.write = /** @type {typeof socket.write} */ (
    /** @type {unknown} */ (
      /** @param {Uint8Array | string} chunk @param {unknown[]} rest */
      (chunk, ...rest) => {
        pending.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        const callback = rest.find((arg) => typeof arg === 'function');
        if (callback) callbacks.push(/** @type {(error?: Error | null) => void} */ (callback));
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
        return true;
      }
    )
  );
  socket.end = /** @type {typeof socket.end} */ (
    /** @type {unknown} */ (
      /** @param {unknown[]} args */
      (...args) => {
        flush();
        return end(...args);
      }
    )
  );
}

const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
await server.start();
const listener = /** @type {{ server?: import('node:net').Server }} */ (/** @type {unknown} */ (server)).server;
// Before the socket server's own listener (it takes the socket over on the next turn).
listener?.prependListener('connection', coalesceWrites);
parentPort?.postMessage({ ready: true });
parentPort?.on('message', async (message) => {
  if (message !== 'close') return;
  await server.stop().catch(() => undefined);
  await db.close().catch(() => undefined);
  parentPort?.postMessage('closed');
});
