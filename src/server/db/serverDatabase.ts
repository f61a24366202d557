/**
 * The database of the running server. With `DATABASE_URL`, PostgreSQL; without it, the embedded PGlite runs
 * in a worker thread of its own (./pgliteWorker.mjs) and the server reaches it through node-postgres over a
 * Unix socket, so no query blocks the thread that answers requests (a Unix socket, not a loopback TCP port: a
 * query's round trip cost 221 µs of CPU against 278 µs over TCP). Migrations are applied before it is handed out.
 * Scripts and tests keep opening PGlite in their own thread (./client.ts).
 *
 * @see ../../../docs/operations.md (database)
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { type DatabaseSettings, fromPool, setDatabase } from './client';
import { resolveMigrationsFolder } from './migrate';
import type { DatabaseHandle } from './types';

/**
 * Connections the server keeps to the embedded database: one. PGlite is a single session, and the socket
 * server's multiplexer keeps a client's messages together only inside a transaction: two clients' extended-
 * protocol messages (parse, bind, execute) interleave outside one and lose each other's unnamed portal
 * (`portal "" does not exist`). One connection queues the queries in the pool instead; PGlite ran them one at
 * a time anyway.
 */
const EMBEDDED_CONNECTIONS = 1;

/** The port number in the socket's file name (`.s.PGSQL.5432`, PostgreSQL's convention). */
const SOCKET_PORT = 5432;

/** Finds the worker file: beside this module in a source run, else under `src/server/db` of the project. */
function workerFile(): string {
  const candidates = [
    new URL('./pgliteWorker.mjs', import.meta.url).pathname,
    resolve('src/server/db/pgliteWorker.mjs'),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`the embedded database worker is missing (looked in ${candidates.join(', ')})`);
  return found;
}

/** Starts PGlite in a worker thread and connects a pool to it (see the module comment). */
async function openEmbedded(dataDir: string, statementNames: number): Promise<DatabaseHandle> {
  const location = resolve(dataDir);
  await mkdir(location, { recursive: true });
  // node-postgres reaches a Unix socket as `{host}/.s.PGSQL.{port}`; a short folder of its own keeps the path
  // under the system's limit (108 bytes) wherever the data lives.
  const socketDir = await mkdtemp(join(tmpdir(), 'kirafuda-db-'));
  const worker = new Worker(workerFile(), {
    workerData: {
      dataDir: location,
      socketPath: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
      maxConnections: EMBEDDED_CONNECTIONS + 1,
    },
  });
  await new Promise<void>((done, fail) => {
    worker.once('message', () => done());
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the embedded database stopped (${code}) while starting`)));
  });
  const pool = new pg.Pool({
    host: socketDir,
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: EMBEDDED_CONNECTIONS,
    // A query waiting this long for the connection fails instead of hanging (a request answers 500, not never).
    connectionTimeoutMillis: 30_000,
    // The connection is kept: PGlite is one session, so a new connection would find the last one's state.
    idleTimeoutMillis: 0,
  });
  // Should it be replaced all the same (it broke), the new one starts without the old one's named prepared
  // statements, which the session still holds and node-postgres would try to prepare again.
  pool.on('connect', (client) => {
    client.query('deallocate all').catch(() => undefined);
  });
  pool.on('error', (error) => console.error('[db] embedded database connection failed:', error.message));
  const close = async () => {
    await pool.end().catch(() => undefined);
    const closed = new Promise<void>((done) => worker.once('message', () => done()));
    worker.postMessage('close');
    await Promise.race([closed, new Promise((done) => setTimeout(done, 5_000))]);
    await worker.terminate();
    await rm(socketDir, { recursive: true, force: true });
  };
  return fromPool(pool, 'pglite', resolveMigrationsFolder(), close, statementNames);
}

/**
 * Opens the server's database (see the module comment) and makes it the process-wide one that
 * `database()` answers.
 */
export async function openServerDatabase(settings: DatabaseSettings): Promise<DatabaseHandle> {
  const handle = settings.DATABASE_URL ? undefined : openEmbedded(settings.DATA_DIR, settings.DATABASE_STATEMENT_CACHE);
  return setDatabase(handle, settings);
}
