/**
 * Applies the versioned migrations of `./migrations` with drizzle's migrator (one transaction, recorded in
 * `drizzle.__drizzle_migrations`, so applying them again is a no-op).
 *
 * @see ../../../drizzle.config.ts (how migrations are generated)
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool } from 'pg';
import type { Settings } from '../settings/schema.ts';
import { serverSettings } from '../settings/settings.server.ts';

/**
 * Key of the PostgreSQL advisory lock held while migrating, so that several server processes starting
 * at once against one database apply each migration once (the others wait, then find nothing to do).
 */
export const MIGRATION_LOCK_KEY = 7_461_239_001;

const JOURNAL = join('meta', '_journal.json');

/**
 * Finds the migrations folder: `MIGRATIONS_DIR` if set, else the folder beside this file (source runs:
 * dev server, tests, scripts), else `src/server/db/migrations` under the working directory (the built
 * server, whose bundled code no longer sits beside the folder).
 */
export function resolveMigrationsFolder(settings: Pick<Settings, 'MIGRATIONS_DIR'> = serverSettings()): string {
  const candidates = [
    settings.MIGRATIONS_DIR ? resolve(settings.MIGRATIONS_DIR) : undefined,
    join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
    resolve('src', 'server', 'db', 'migrations'),
  ];
  for (const folder of candidates) {
    if (folder && existsSync(join(folder, JOURNAL))) return folder;
  }
  throw new Error(
    `no database migrations found (looked in ${candidates.filter(Boolean).join(', ')}); set MIGRATIONS_DIR`,
  );
}

/** Applies pending migrations to a PGlite instance (one connection, so no lock is needed). */
export async function migratePgliteClient(client: PGlite, migrationsFolder = resolveMigrationsFolder()): Promise<void> {
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
}

/**
 * Applies pending migrations through a node-postgres pool, on one connection holding
 * {@link MIGRATION_LOCK_KEY} for the duration. That connection waits for the lock and runs the migrations
 * without the pool's statement and lock limits (./transactionLimits.ts): another process may be migrating, and
 * building an index over a large table takes longer than any request should; the limits are back afterwards.
 */
export async function migratePgPool(pool: Pool, migrationsFolder = resolveMigrationsFolder()): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('set statement_timeout = 0; set lock_timeout = 0');
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client: connection }), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    await connection.query('reset statement_timeout; reset lock_timeout');
  } catch (error) {
    // Its session may keep no limits or the lock: the connection is closed, not handed to anyone.
    connection.release(true);
    throw error;
  }
  connection.release();
}
