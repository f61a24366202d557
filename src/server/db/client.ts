/**
 * Opens the database: embedded PGlite on disk by default, or a PostgreSQL server when a URL is given,
 * with the same schema and migrations (applied before the handle is returned). Nothing outside this
 * folder needs to know which engine runs.
 *
 * @see docs/architecture.md "Layers", docs/operations.md
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Settings } from '../settings/schema.ts';
import { serverSettings } from '../settings/settings.server.ts';
import { migratePgliteClient, migratePgPool, resolveMigrationsFolder } from './migrate.ts';
import * as schema from './schema/index.ts';
import { nameFrequentStatements } from './statementNames.ts';
import { type TransactionLimits, transactionLimits } from './transactionLimits.ts';
import type { Database, DatabaseHandle } from './types.ts';

export type { Database, DatabaseHandle, DatabaseKind, Schema, Transaction } from './types.ts';

/** Default folder of the embedded database, relative to the working directory. */
export const DEFAULT_DATA_DIR = './data';

/** Options of {@link createDatabase}. */
export interface CreateDatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  url?: string | undefined;
  /**
   * Folder of the embedded PGlite database (created recursively), default {@link DEFAULT_DATA_DIR};
   * `memory://` keeps it in memory.
   */
  dataDir?: string | undefined;
  /** Folder of the migrations; default from {@link resolveMigrationsFolder}. */
  migrationsFolder?: string | undefined;
  /** Size of the node-postgres pool (default 10). */
  maxConnections?: number | undefined;
  /** Statements each PostgreSQL connection keeps named (see ./statementNames.ts); default 256, 0 for none. */
  statementNames?: number | undefined;
  /** What each PostgreSQL connection may wait or hold (./transactionLimits.ts); default from the server's settings. */
  limits?: TransactionLimits | undefined;
}

/** The PGlite extensions the schema needs (pass them to `PGlite.create` when opening one yourself). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Wraps an open PGlite instance (created with {@link PGLITE_EXTENSIONS}) as a database handle, after
 * applying pending migrations; `close()` closes the instance. Closes it if migrating fails.
 */
export async function fromPglite(
  client: PGlite,
  migrationsFolder = resolveMigrationsFolder(),
): Promise<DatabaseHandle> {
  try {
    await migratePgliteClient(client, migrationsFolder);
  } catch (error) {
    await client.close();
    throw error;
  }
  const db: Database = drizzlePglite({ client, schema });
  return { db, kind: 'pglite', close: once(() => client.close()) };
}

/** Opens a PGlite database in `dataDir` (created if missing) with pg_trgm loaded and migrations applied. */
async function openPglite(dataDir: string, migrationsFolder: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const location = inMemory ? dataDir : resolve(dataDir);
  if (!inMemory) await mkdir(location, { recursive: true });
  const client = await PGlite.create({ dataDir: location, extensions: PGLITE_EXTENSIONS });
  return fromPglite(client, migrationsFolder);
}

/**
 * Opens a node-postgres pool with migrations applied. Its connections are named after the process in
 * `pg_stat_activity` (`kirafuda:{pid}`) and start with the transaction limits (./transactionLimits.ts).
 */
async function openPostgres(
  url: string,
  migrationsFolder: string,
  max: number,
  statementNames: number,
  limits: TransactionLimits,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max, application_name: `kirafuda:${process.pid}`, ...limits });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that would
  // crash the process. The next query gets a fresh connection.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL connection failed:', error.message));
  return fromPool(pool, 'postgres', migrationsFolder, () => pool.end(), statementNames);
}

/**
 * A handle over a node-postgres pool (PostgreSQL, or the embedded database's socket) that has not connected
 * yet: its connections keep up to `statementNames` frequent statements named (./statementNames.ts), migrations
 * are applied first (`close` runs if they fail), then `close` runs once however often it is called.
 */
export async function fromPool(
  pool: pg.Pool,
  kind: DatabaseHandle['kind'],
  migrationsFolder: string,
  close: () => Promise<void>,
  statementNames: number,
): Promise<DatabaseHandle> {
  // A connection that breaks while a query or transaction holds it (PostgreSQL restarted, the backend terminated,
  // an idle-in-transaction limit) rejects that query, which tells its caller; it also emits 'error', and an
  // error event without a listener ends the process. The pool listens only while a connection is idle.
  pool.on('connect', (client) => client.on('error', () => undefined));
  nameFrequentStatements(pool, statementNames);
  try {
    await migratePgPool(pool, migrationsFolder);
  } catch (error) {
    await close();
    throw error;
  }
  const db: Database = drizzlePg({ client: pool, schema });
  return { db, kind, close: once(close) };
}

/** Wraps an async function so that later calls return the first call's promise. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

/**
 * Opens a database and applies pending migrations before returning: PostgreSQL through node-postgres
 * when `url` is given, else PGlite stored in `dataDir`. Each call opens a new handle; servers use
 * {@link getDatabase}, tests `createTestDatabase()`.
 *
 * Two PGlite handles must never be open on the same folder at once (in any process).
 */
export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? resolveMigrationsFolder();
  if (options.url) {
    const statements = options.statementNames ?? DEFAULT_STATEMENT_NAMES;
    const limits = options.limits ?? transactionLimits(serverSettings());
    return openPostgres(options.url, migrationsFolder, options.maxConnections ?? 10, statements, limits);
  }
  return openPglite(options.dataDir || DEFAULT_DATA_DIR, migrationsFolder);
}

/** The settings {@link getDatabase} reads. */
export type DatabaseSettings = Pick<
  Settings,
  'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE' | 'DATABASE_STATEMENT_CACHE' | 'LEADER_LEASE_MS'
>;

/** Statements a connection keeps named unless `DATABASE_STATEMENT_CACHE` says otherwise. */
export const DEFAULT_STATEMENT_NAMES = 256;

// Kept on globalThis so that a module reloaded by the dev server (HMR) finds the database already open
// instead of opening a second PGlite on the same folder.
const SINGLETON = Symbol.for('kirafuda.server.db');
type SingletonHolder = { [SINGLETON]?: Promise<DatabaseHandle> | undefined };
const holder = globalThis as SingletonHolder;

/**
 * The process-wide database, opened on first call from `settings` (default the server's): PostgreSQL at
 * `DATABASE_URL` if set (a pool of `DATABASE_POOL_SIZE` connections), else PGlite in `DATA_DIR` (default `./data`), migrations applied. Concurrent
 * first calls share one promise; a failed open is forgotten so that a later call tries again. `settings` are
 * read on the first call only.
 */
export function getDatabase(settings: DatabaseSettings = serverSettings()): Promise<DatabaseHandle> {
  let pending = holder[SINGLETON];
  if (!pending) {
    pending = createDatabase({
      url: settings.DATABASE_URL,
      dataDir: settings.DATA_DIR,
      maxConnections: settings.DATABASE_POOL_SIZE,
      statementNames: settings.DATABASE_STATEMENT_CACHE,
      limits: transactionLimits(settings),
    });
    holder[SINGLETON] = pending;
    pending.catch(() => {
      if (holder[SINGLETON] === pending) holder[SINGLETON] = undefined;
    });
  }
  return pending;
}

/**
 * Makes `pending` the process-wide database (the server's embedded database in its worker thread), or, when
 * it is undefined, opens the one `settings` name. Fails when one is open already.
 */
export function setDatabase(pending: Promise<DatabaseHandle> | undefined, settings: DatabaseSettings) {
  if (!pending) return getDatabase(settings);
  if (holder[SINGLETON]) throw new Error('the process-wide database is open already');
  holder[SINGLETON] = pending;
  pending.catch(() => {
    if (holder[SINGLETON] === pending) holder[SINGLETON] = undefined;
  });
  return pending;
}

/** Closes the process-wide database if it was opened (graceful shutdown, tests); the next call reopens. */
export async function closeDatabase(): Promise<void> {
  const pending = holder[SINGLETON];
  holder[SINGLETON] = undefined;
  if (!pending) return;
  const handle = await pending.catch(() => undefined);
  await handle?.close();
}

/** The process-wide database (drizzle instance) — what request handlers and server modules use. */
export async function database(): Promise<Database> {
  return (await getDatabase()).db;
}
