/** Small SQL fragments shared by queries of several features. */
import { type SQL, sql } from 'drizzle-orm';

/** `column in (ids...)`, or false for no ids. */
export function inIds(column: SQL, ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
