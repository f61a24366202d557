import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../settings/settings.server.ts';
import { closeDatabase, createDatabase, type DatabaseHandle, getDatabase } from './client.ts';
import { resolveMigrationsFolder } from './migrate.ts';

// These tests are about the embedded engine on purpose (its folder, its start-up, the singleton); the
// PostgreSQL side runs the same migrations in the suites that use tests/helpers/db.ts.

const journal = JSON.parse(readFileSync(join(resolveMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kirafuda-client-test-'));
});

afterAll(async () => {
  await closeDatabase();
  await rm(root, { recursive: true, force: true });
});

/** Counts the rows drizzle's migrator recorded. */
async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const { rows } = await handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return rows[0]?.n ?? -1;
}

describe('createDatabase on PGlite', () => {
  // One folder made and migrated by the first test and reopened by the next ones (a migration from nothing
  // takes ~7 s on a busy machine; the singleton below makes the only other one).
  let dataDir = '';

  it('creates the missing data folder, applies every migration and reports the pglite kind', async () => {
    dataDir = join(root, 'nested', 'twice', 'data');
    const handle = await createDatabase({ dataDir });
    try {
      expect(handle.kind).toBe('pglite');
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await appliedMigrations(handle)).toBe(journal.entries.length);
      const { rows } = await handle.db.execute<{ extname: string }>(
        sql`select extname from pg_extension where extname = 'pg_trgm'`,
      );
      expect(rows).toEqual([{ extname: 'pg_trgm' }]);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('applying the migrations again on reopening the same folder changes nothing and keeps the data', async () => {
    const first = await createDatabase({ dataDir });
    await first.db.execute(sql`insert into platform_fees (chain_id, fee_bps) values (137, 250)`);
    await first.close();

    const second = await createDatabase({ dataDir });
    try {
      expect(await appliedMigrations(second)).toBe(journal.entries.length);
      const { rows } = await second.db.execute<{ fee_bps: number }>(sql`select fee_bps from platform_fees`);
      expect(rows).toEqual([{ fee_bps: 250 }]);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('close() can be called twice', async () => {
    const handle = await createDatabase({ dataDir });
    await handle.close();
    await expect(handle.close()).resolves.toBeUndefined();
  }, 60_000);
});

describe('getDatabase', () => {
  it('gives concurrent first callers the same database, opened from DATA_DIR', async () => {
    const settings = loadSettings({ DATABASE_URL: '', DATA_DIR: join(root, 'singleton') });
    const [a, b] = await Promise.all([getDatabase(settings), getDatabase(settings)]);
    expect(a).toBe(b);
    expect(a.kind).toBe('pglite');
    expect(existsSync(join(settings.DATA_DIR, 'PG_VERSION'))).toBe(true);
    expect(await getDatabase()).toBe(a);
  }, 60_000);

  it('opens a new database after closeDatabase()', async () => {
    const before = await getDatabase(loadSettings({ DATA_DIR: join(root, 'singleton') }));
    await closeDatabase();
    const after = await getDatabase(loadSettings({ DATA_DIR: join(root, 'singleton') }));
    expect(after).not.toBe(before);
    expect(await appliedMigrations(after)).toBe(journal.entries.length);
  }, 60_000);
});
