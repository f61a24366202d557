/**
 * When any of some topics last changed: the latest `changed_at` of their tags in `page_changes`, which every
 * announced change writes (./changeLog.server.ts), on PostgreSQL and on the embedded database alike. A live
 * page whose stream was refused asks it now and then (./followStream.ts) and fetches itself again when the
 * answer moves. The time keeps the database's microseconds, so two changes within a millisecond still differ.
 */
import { inArray, sql } from 'drizzle-orm';
import { pageChanges } from '~/server/db/schema';
import type { Database } from '~/server/db/types';

/** The last change of any of `topics` (`2026-03-01T12:00:00.123456Z`), or null when none changed yet. */
export async function lastChange(db: Database, topics: readonly string[]): Promise<string | null> {
  const [row] = await db
    .select({
      at: sql<
        string | null
      >`to_char(max(${pageChanges.changedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(pageChanges)
    .where(inArray(pageChanges.tag, [...topics]));
  return row?.at ?? null;
}
