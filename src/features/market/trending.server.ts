/**
 * Trending collections: the largest rise in volume over the last 7 Asia/Tokyo days against the 7 before, from the
 * daily aggregates (./dailyStats.server.ts). A change in percent compares across currencies (wei of different
 * coins do not), so each collection counts in the currency it sold most in this week; a collection with no
 * sales the week before ranks after those with a measurable rise and before those that fell (by this week's
 * sales among its kind). Only collections that sold this week trend.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/types';
import { addDays, tokyoDay } from './periods';

/** One trending collection: its id and the change of its volume in percent (null: it sold nothing before). */
export interface Trending {
  id: number;
  change: number | null;
}

/** Up to `limit` trending collections, most rising first (see the module comment). */
export async function trendingCollections(db: Database, limit: number, now = new Date()): Promise<Trending[]> {
  const today = tokyoDay(now);
  const first = addDays(today, -6);
  const previousFirst = addDays(first, -7);
  const { rows } = await db.execute<{ id: unknown; change: unknown }>(sql`
    with weeks as (
      select g.id, d.currency_code,
        sum(d.volume) filter (where d.day >= ${first}::date) as current,
        sum(d.volume) filter (where d.day < ${first}::date) as previous,
        sum(d.sales) filter (where d.day >= ${first}::date) as sales
      from collection_daily_stats d
      join categories g on g.chain_id = d.chain_id and g.contract_address = d.contract_address and not g.hidden
      where d.day >= ${previousFirst}::date and d.day <= ${today}::date
      group by g.id, d.currency_code
    ), best as (
      select distinct on (id) id, current, previous, sales from weeks
      where coalesce(sales, 0) > 0
      order by id, current desc nulls last
    )
    select id, case when coalesce(previous, 0) = 0 then null
      else round((current - previous) * 1000 / previous) / 10 end as change
    from best
    order by (case when coalesce(previous, 0) = 0 then 0 else (current - previous) / previous end) desc,
      sales desc, id
    limit ${limit}`);
  return rows.map((row) => ({ id: Number(row.id), change: row.change === null ? null : Number(row.change) }));
}
