/**
 * The database type every server module uses, the same whether PGlite or PostgreSQL runs underneath.
 *
 * @see ./client.ts
 */
import type { Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm/relations';
import type * as schema from './schema/index.ts';

/** All tables and relations (`import * as schema from './schema/index.ts'`). */
export type Schema = typeof schema;

/**
 * Raw query results both drivers share: `db.execute(sql...)` resolves to `{ rows }` on PGlite
 * (`Results`) and on node-postgres (`QueryResult`), so code using it needs no driver check.
 */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this['row'], Record<string, unknown>>>;
}

/** What `db.execute()` resolves to: the rows, typed by the caller (`db.execute<{ n: number }>(...)`). */
export interface RowsResult<TRow> {
  rows: TRow[];
}

/** A drizzle database typed with the Kirafuda schema (`db.select()`, `db.query.users`, `db.transaction()`). */
export type Database = PgDatabase<RowsQueryResultHKT, Schema>;

/** The `tx` passed to `db.transaction(async (tx) => ...)`; also accepted wherever a {@link Database} is. */
export type Transaction = PgTransaction<RowsQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Which engine runs: embedded PGlite on disk, or a PostgreSQL server through node-postgres. */
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the drizzle instance, which engine it is, and `close()` to release it. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Closes the PGlite instance or ends the connection pool. Safe to call more than once. */
  close: () => Promise<void>;
}
