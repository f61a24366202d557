/**
 * The planner's statistics on the embedded database, which has no autovacuum to keep them: the leader asks every
 * {@link ANALYZE_EVERY_MS} which tables changed by more than autovacuum's own threshold since their last analysis
 * (50 rows plus a tenth of the table, PostgreSQL's defaults) and analyses those, as autovacuum does on a server.
 * Without it the planner of a catalogue that grew from a few cards to a million would still plan for a few (a
 * keyword's short grams, the price ranks: see src/server/db/listConditions.ts).
 *
 * @see https://www.postgresql.org/docs/current/routine-vacuuming.html#AUTOVACUUM
 */
import { sql } from 'drizzle-orm';
import type { Database } from './types';

/** How often the leader looks for tables to analyse, in ms. */
export const ANALYZE_EVERY_MS = 60 * 60_000;

/** Analyses the tables changed past autovacuum's threshold since their last analysis; answers their names. */
export async function analyzeChangedTables(db: Database): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`select relname as name from pg_stat_user_tables
    where schemaname = 'public' and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0) order by relname`);
  for (const { name } of rows) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return rows.map((row) => row.name);
}
