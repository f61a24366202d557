/**
 * Named statements on PostgreSQL (src/server/db/statementNames.ts): each connection keeps at most the number
 * `DATABASE_STATEMENT_CACHE` sets, the rest run unnamed and still answer; 0 keeps none; a statement marked to be
 * planned each run is never kept.
 *
 * Runs in the PostgreSQL pass of `npm test` (`DATABASE_URL` set; `vitest run --project postgres`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { PLAN_EACH_RUN } from '../../src/server/db/statementNames.ts';
import { loadSettings } from '../../src/server/settings/settings.server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
const opened: DatabaseHandle[] = [];

beforeAll(async () => {
  if (!process.env['DATABASE_URL']) throw new Error('this suite needs DATABASE_URL (a PostgreSQL server)');
  database = await createTestDatabase();
}, 90_000);

afterAll(async () => {
  for (const handle of opened) await handle.close();
  await database?.close();
}, 60_000);

/** A one-connection handle on the test database keeping `names` statements, and what its session holds. */
async function open(names: number) {
  const url = database.env.DATABASE_URL;
  if (!url) throw new Error('the test database has no URL');
  const handle = await createDatabase({ url, maxConnections: 1, statementNames: names });
  opened.push(handle);
  const read = async (table: number, k: number) =>
    (await handle.db.execute<{ v: number }>(sql`select ${sql.raw(String(table))} + ${k}::int as v`)).rows[0]?.v;
  const kept = async () =>
    (await handle.db.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`)).rows.map(
      (row) => row.statement,
    );
  return { read, kept };
}

test('a connection keeps at most the statements it is allowed, and every statement answers', async () => {
  const { read, kept } = await open(2);
  for (let round = 0; round < 3; round += 1) {
    for (const table of [10, 20, 30]) expect(await read(table, round)).toBe(table + round);
  }
  const statements = (await kept()).filter((statement) => /^select \d+ \+ \$1::int as v$/.test(statement));
  expect(statements).toEqual(['select 10 + $1::int as v', 'select 20 + $1::int as v']);
});

test("another process's migration that changes a column's type does not break a kept statement", async () => {
  const { kept } = await open(8);
  const handle = opened.at(-1) as DatabaseHandle;
  await database.db.execute(sql`create table retyped (a int, b int)`);
  await database.db.execute(sql`insert into retyped values (1, 1), (2, 2)`);
  const read = async (b: number) =>
    (await handle.db.execute<{ a: unknown }>(sql`select a from retyped where b = ${b}`)).rows;
  for (const b of [1, 2, 1]) expect(await read(b)).toEqual([{ a: b }]);
  expect(await kept()).toContain('select a from retyped where b = $1');
  await database.db.execute(sql`alter table retyped alter column a type text`);
  for (const b of [2, 1, 2]) expect(await read(b)).toEqual([{ a: String(b) }]);
});

test('a statement marked to be planned each run is never kept, and answers each time', async () => {
  const { read, kept } = await open(8);
  const handle = opened.at(-1) as DatabaseHandle;
  const marked = async (k: number) =>
    (await handle.db.execute<{ v: number }>(sql`select 50 + ${k}::int as v ${sql.raw(PLAN_EACH_RUN)}`)).rows[0]?.v;
  for (let round = 0; round < 7; round += 1) {
    expect(await marked(round)).toBe(50 + round);
    expect(await read(60, round)).toBe(60 + round);
  }
  const statements = await kept();
  expect(statements).toContain('select 60 + $1::int as v');
  expect(statements.some((statement) => statement.startsWith('select 50'))).toBe(false);
});

test('0 keeps none', async () => {
  const { read, kept } = await open(0);
  for (let round = 0; round < 3; round += 1) expect(await read(40, round)).toBe(40 + round);
  expect((await kept()).some((statement) => statement.startsWith('select 40'))).toBe(false);
});

test('DATABASE_STATEMENT_CACHE is read as a whole number, unset meaning 256', () => {
  const cache = (value?: string) => loadSettings({ DATABASE_STATEMENT_CACHE: value }).DATABASE_STATEMENT_CACHE;
  expect(cache()).toBe(256);
  expect(cache(' 0 ')).toBe(0);
  expect(cache('32')).toBe(32);
  expect(() => cache('-1')).toThrow(/DATABASE_STATEMENT_CACHE/);
  expect(() => cache('many')).toThrow(/DATABASE_STATEMENT_CACHE/);
});
