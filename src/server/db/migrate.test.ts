import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestDatabase } from '#tests/helpers/db.ts';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { createDatabase } from './client.ts';
import { migratePgliteClient, resolveMigrationsFolder } from './migrate.ts';
import * as schema from './schema/index.ts';

const folder = resolveMigrationsFolder();
const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};

const database = fileTestDatabase();

/** Number of migrations recorded as applied, and the number of tables in the public schema. */
async function state(db: TestDatabase['db']) {
  const { rows } = await db.execute<{ applied: number; tables: number }>(sql`
    select (select count(*)::int from drizzle.__drizzle_migrations) as applied,
           (select count(*)::int from information_schema.tables where table_schema = 'public') as tables`);
  return rows[0];
}

describe('migrations', () => {
  it('are all applied to a fresh database, pg_trgm included', async () => {
    const current = await state(database.db);
    expect(current?.applied).toBe(journal.entries.length);
    expect(current?.tables).toBeGreaterThanOrEqual(19);
    const { rows } = await database.db.execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`);
    expect(rows).toHaveLength(1);
  });

  it('applying them again changes nothing, also when two servers start at once', async () => {
    const before = await state(database.db);
    if (database.kind === 'pglite') {
      // One PGlite folder has one owner, so "again" means the same instance migrating a second time.
      const client = (database.db as unknown as { $client: PGlite }).$client;
      await migratePgliteClient(client);
    } else {
      const url = database.env.DATABASE_URL;
      const handles = await Promise.all([createDatabase({ url }), createDatabase({ url })]);
      await Promise.all(handles.map((handle) => handle.close()));
    }
    expect(await state(database.db)).toEqual(before);
  }, 60_000);

  it('match the schema: drizzle-kit would generate no new migration', async () => {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    const last = journal.entries.at(-1);
    const snapshotFile = join(folder, 'meta', `${String(last?.idx).padStart(4, '0')}_snapshot.json`);
    const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8'));
    const current = generateDrizzleJson(schema, snapshot.id);
    expect(await generateMigration(snapshot, current)).toEqual([]);
  }, 60_000);

  it('begin with the pg_trgm extension, before any index uses it', () => {
    const first = readFileSync(join(folder, `${journal.entries[0]?.tag}.sql`), 'utf8');
    expect(first).toMatch(/CREATE EXTENSION IF NOT EXISTS pg_trgm/);
  });
});
