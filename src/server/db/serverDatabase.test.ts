import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, database } from './client';
import { cards } from './schema';
import { openServerDatabase } from './serverDatabase';
import type { DatabaseHandle } from './types';

let dataDir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kirafuda-serverdb-'));
  handle = await openServerDatabase({ DATA_DIR: dataDir });
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
});
