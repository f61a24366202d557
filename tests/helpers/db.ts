/**
 * A fresh, migrated database for one test file or test: PGlite in a temporary folder by default, or,
 * when `DATABASE_URL` is set (as `npm test` does for its PostgreSQL pass), a new database created on
 * that server with `CREATE DATABASE` and dropped again by `close()`. The role in `DATABASE_URL` needs
 * the CREATEDB privilege.
 *
 * Runs under plain Node 24 too (type stripping), like the other helpers.
 *
 * @see docs/architecture.md "Tests"
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, fromPglite, PGLITE_EXTENSIONS } from '../../src/server/db/client.ts';
import { resolveMigrationsFolder } from '../../src/server/db/migrate.ts';
import { transactionLimits } from '../../src/server/db/transactionLimits.ts';
import { loadSettings } from '../../src/server/settings/settings.server.ts';

/**
 * The repository's migrations and the default transaction limits, read without this process's settings: a test
 * file sets its variables (mail, site) before its first use of `serverSettings()`, which a database made at import
 * must not pre-empt.
 */
const MIGRATIONS = resolveMigrationsFolder({ MIGRATIONS_DIR: undefined });
const LIMITS = transactionLimits(loadSettings({}));

/** A database made for a test: the handle, how to point a server at it, and its cleanup. */
export interface TestDatabase extends DatabaseHandle {
  /** Variables that point a server process at this database: `{ DATA_DIR }` or `{ DATABASE_URL }`. */
  env: Record<string, string>;
  /**
   * Closes this process's handle but keeps the data, e.g. after seeding and before a server process
   * opens the same PGlite folder (two PGlite instances must never share a folder).
   */
  disconnect: () => Promise<void>;
  /** Closes the handle and deletes the database (the temporary folder, or `DROP DATABASE`). */
  close: () => Promise<void>;
}

/** Options of {@link createTestDatabase}. */
export interface CreateTestDatabaseOptions {
  /** PostgreSQL server to create the database on; default `process.env.DATABASE_URL` (empty = PGlite). */
  url?: string | undefined;
}

const liveDirs = new Set<string>();
let exitHookInstalled = false;
/**
 * A migrated PGlite data folder as a tarball: loading it skips initdb and the migrations (~6 s a database on
 * this machine). Made once per run by `tests/helpers/pglite-template.ts` (a global setup) and read from the
 * file named in {@link TEMPLATE_ENV}; made once per module otherwise.
 */
let template: Promise<Blob> | undefined;
/** The variable naming the file that holds the run's template tarball. */
export const TEMPLATE_ENV = 'KIRAFUDA_PGLITE_TEMPLATE';

/** Removes the temporary folders of databases a test forgot to close when the process exits. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
  });
}

/** Wraps an async cleanup so that later calls return the first call's promise. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

/** Migrates a database in memory and returns its data folder as a tarball. */
export async function buildPgliteTemplate(): Promise<Blob> {
  const handle = await createDatabase({ dataDir: 'memory://', migrationsFolder: MIGRATIONS });
  try {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    return await client.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

/** Writes the run's template to `file` (the global setup). */
export async function writePgliteTemplate(file: string): Promise<void> {
  await writeFile(file, new Uint8Array(await (await buildPgliteTemplate()).arrayBuffer()));
}

/** The migrated template of {@link template}: the run's file when there is one, else built once here. */
function pgliteTemplate(): Promise<Blob> {
  const file = process.env[TEMPLATE_ENV];
  template ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : buildPgliteTemplate();
  template.catch(() => {
    template = undefined;
  });
  return template;
}

/** A PGlite database in a new temporary folder. */
async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'kirafuda-db-'));
  liveDirs.add(dir);
  installExitHook();
  const dataDir = join(dir, 'pgdata');
  try {
    const client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS, loadDataDir: await pgliteTemplate() });
    const handle = await fromPglite(client, MIGRATIONS);
    const close = once(async () => {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
      liveDirs.delete(dir);
    });
    return { ...handle, env: { DATA_DIR: dataDir }, disconnect: handle.close, close };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    liveDirs.delete(dir);
    throw error;
  }
}

/** Runs one statement on the server's maintenance connection (the database named in `url`). */
async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops database `name`. `WITH (FORCE)` ends the server's connections to it, but a role without
 * pg_signal_backend may not end an autovacuum worker that happens to be in it (error 42501), and a
 * plain drop fails while one is (55006): both pass within moments, so the drop is retried for ~10 s.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== '42501' && code !== '55006') || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A new database on the PostgreSQL server at `url`, dropped by `close()`. */
async function createPostgresTestDatabase(url: string): Promise<TestDatabase> {
  const name = `kirafuda_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const drop = () => dropDatabase(url, name);
  try {
    const handle = await createDatabase({
      url: testUrl.href,
      maxConnections: 4,
      migrationsFolder: MIGRATIONS,
      limits: LIMITS,
    });
    const close = once(async () => {
      await handle.close();
      await drop();
    });
    return { ...handle, env: { DATABASE_URL: testUrl.href }, disconnect: handle.close, close };
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * Creates a fresh database with every migration applied. Call `close()` when done (e.g. in `afterAll`).
 */
export function createTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = options.url ?? process.env.DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}
