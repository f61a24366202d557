import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../settings/settings.server';
import { closeDatabase, database } from './client';
import { cards } from './schema';
import { openServerDatabase } from './serverDatabase';
import type { DatabaseHandle } from './types';

let dataDir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kirafuda-serverdb-'));
  handle = await openServerDatabase(loadSettings({ DATA_DIR: dataDir }));
}, 60_000);

afterAll(async () => {
  await closeDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the server's embedded database", () => {
  it('runs in its own thread, migrated, and is the process-wide database', async () => {
    expect(handle.kind).toBe('pglite');
    expect(await database()).toBe(handle.db);
    const { rows } = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from cards`);
    expect(rows[0]?.n).toBe(0);
  });

  it('leaves the event loop free while a query runs', async () => {
    const order: string[] = [];
    const query = handle.db.execute(sql`select pg_sleep(0.4)`).then(() => order.push('query'));
    await new Promise((resolve) => setTimeout(resolve, 50)).then(() => order.push('timer'));
    await query;
    expect(order).toEqual(['timer', 'query']);
  });

  it('answers many concurrent queries and transactions correctly, prepared ones included', async () => {
    const byId = handle.db
      .select({ id: cards.id })
      .from(cards)
      .where(eq(cards.id, sql.placeholder('id')))
      .prepare('test_card_by_id');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        index % 4 === 0
          ? handle.db.transaction(
              async (tx) => (await tx.execute<{ n: number }>(sql`select ${index}::int as n`)).rows[0]?.n,
            )
          : index % 4 === 1
            ? byId.execute({ id: index }).then((rows) => rows.length)
            : handle.db.execute<{ n: number }>(sql`select ${index}::int as n`).then(({ rows }) => rows[0]?.n),
      ),
    );
    expect(results).toEqual(Array.from({ length: 40 }, (_, index) => (index % 4 === 1 ? 0 : index)));
  });

  it('keeps working when its connection is replaced (the session keeps the old prepared statements)', async () => {
    const byId = handle.db
      .select({ id: cards.id })
      .from(cards)
      .where(eq(cards.id, sql.placeholder('id')))
      .prepare('test_card_again');
    expect(await byId.execute({ id: 1 })).toEqual([]);
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    client.release(true);
    expect(await byId.execute({ id: 1 })).toEqual([]);
  });

  it('answers a query with one write, not one per protocol message', async () => {
    // Write system calls of this process (both threads), from the kernel's count.
    const writes = async () => Number(/syscw: (\d+)/.exec(await readFile('/proc/self/io', 'utf8'))?.[1]);
    const before = await writes();
    for (let i = 0; i < 20; i += 1) {
      // Parse, bind, describe, execute and sync, answered by 25 messages.
      const { rows } = await handle.db.execute<{ n: number }>(
        sql`select n from generate_series(1, ${20 + i}::int) as n`,
      );
      expect(rows).toHaveLength(20 + i);
    }
    const perQuery = ((await writes()) - before) / 20;
    // One write sends the query, one the answer (the socket server alone wrote one per message it answered).
    expect(perQuery).toBeLessThan(3);
  });

  describe('statements it runs often', () => {
    const prepared = async () =>
      (await handle.db.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`)).rows.map(
        (row) => row.statement,
      );

    it('are parsed once and then only run, a one-off never kept', async () => {
      const often = (id: number) => handle.db.select({ name: cards.name }).from(cards).where(eq(cards.id, id));
      const text = often(1).toSQL().sql;
      await often(1);
      expect(await prepared()).not.toContain(text);
      for (const id of [2, 3, 4]) expect(await often(id)).toEqual([]);
      expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
      const once = handle.db.select({ id: cards.id }).from(cards).where(eq(cards.tokenId, '7'));
      await once;
      expect(await prepared()).not.toContain(once.toSQL().sql);
    });

    it('never include schema changes, and a kept statement still answers after its table changes', async () => {
      for (let i = 0; i < 3; i += 1) await handle.db.execute(sql`create table if not exists kept_check (a int)`);
      await handle.db.execute(sql`insert into kept_check values (1), (2)`);
      const read = (a: number) => handle.db.execute<{ a: number }>(sql`select a from kept_check where a = ${a}`);
      for (const a of [1, 2, 1]) expect((await read(a)).rows).toEqual([{ a }]);
      const statements = await prepared();
      expect(statements.some((statement) => statement.startsWith('create table'))).toBe(false);
      expect(statements).toContain('select a from kept_check where a = $1');
      await handle.db.execute(sql`alter table kept_check add column b int`);
      expect((await read(2)).rows).toEqual([{ a: 2 }]);
      await handle.db.execute(sql`drop table kept_check`);
    });

    it('answers when a migration changed the type of a column a kept statement reads', async () => {
      await handle.db.execute(sql`create table retyped_check (a int, b int)`);
      await handle.db.execute(sql`insert into retyped_check values (1, 1), (2, 2)`);
      const read = (b: number) => handle.db.execute<{ a: unknown }>(sql`select a from retyped_check where b = ${b}`);
      for (const b of [1, 2, 1]) expect((await read(b)).rows).toEqual([{ a: b }]);
      await handle.db.execute(sql`alter table retyped_check alter column a type text`);
      expect((await read(2)).rows).toEqual([{ a: '2' }]);
      for (const b of [1, 2]) expect((await read(b)).rows).toEqual([{ a: String(b) }]);
      expect(await prepared()).toContain('select a from retyped_check where b = $1');
      await handle.db.execute(sql`drop table retyped_check`);
    });
  });
});
