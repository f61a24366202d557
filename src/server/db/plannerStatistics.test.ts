import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedBulk } from '~/dev/seed/bulk.ts';
import { analyzeChangedTables } from './plannerStatistics';

const database = fileTestDatabase();

/** The planner's count of a table's rows (-1: never analysed). */
async function plannedRows(table: string): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(
    sql`select reltuples::int as n from pg_class where relname = ${table}`,
  );
  return Number(rows[0]?.n);
}

describe('the planner statistics of the embedded database', () => {
  it('are taken of the tables that changed past the threshold, once', async () => {
    await seedBulk(database.db, { cards: 500, creators: 20, categories: 40 });
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    // The counters reach the statistics a moment after the transaction that changed the rows.
    await expect.poll(async () => (await analyzeChangedTables(database.db)).length, { timeout: 10_000 }).toBe(0);
    expect(await plannedRows('cards')).toBe(500);
    await database.db.execute(sql`delete from cards where token_id::numeric > 100`);
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    await expect.poll(() => analyzeChangedTables(database.db), { timeout: 10_000 }).toContain('cards');
    expect(await plannedRows('cards')).toBe(100);
    expect(await analyzeChangedTables(database.db)).not.toContain('cards');
  });
});
