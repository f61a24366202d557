/**
 * Keeps `collection_daily_stats` (a collection's sales per Asia/Tokyo day and currency, and the floor seen that
 * day) as sales arrive: the indexer calls {@link refreshDailyStats} in the transaction that records a sale
 * (indexer/applyExchange.server.ts) or rolls sales back (indexer/reorg.server.ts), and it recomputes the touched
 * days from `sales` (an index range per day), so replays and reorganisations leave the same figures. The same
 * refresh recounts the collection's and its creator's sales (./salesCounts.server.ts).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { DISPLAY_TIME_ZONE } from '~/lib/dates';
import { onContract } from '~/server/db/onChainConditions';
import { collectionDailyStats } from '~/server/db/schema';
import { currentPriceSql, openListingSql } from '~/server/db/schema/orderSql';
import { PLAN_EACH_RUN } from '~/server/db/statementNames';
import type { Database, Transaction } from '~/server/db/types';
import { tokyoDay } from './periods';
import { refreshSalesCounts } from './salesCounts.server';

/** A collection as its sales name it. */
export interface CollectionKey {
  chainId: number;
  contractAddress: string;
}

/** SQL for the first moment of Asia/Tokyo day `day` (`YYYY-MM-DD`), plus `offset` days. */
const dayStart = (day: SQL, offset = 0) =>
  sql`((${day})::date + ${offset}::int)::timestamp at time zone ${DISPLAY_TIME_ZONE}::text`;

/**
 * The cheapest open listing per collection and currency now (the listing's seller still owns the card): of one
 * collection, or of every collection when `key` is null (columns chain_id, contract_address, currency_code, floor).
 * Planned with its values each run: a collection holds one card or 10,000 (`PLAN_EACH_RUN`).
 */
export function floorsSql(key: CollectionKey | null): SQL {
  const currency = canonicalCurrencySql(sql`sell_orders.currency_code`);
  const which =
    key === null
      ? sql`true`
      : sql`sell_orders.chain_id = ${key.chainId} and sell_orders.contract_address = ${key.contractAddress}`;
  return sql`select sell_orders.chain_id, sell_orders.contract_address, ${currency} as currency_code,
      min(${currentPriceSql()}) as floor
    from sell_orders join cards c on (c.chain_id, c.contract_address, c.token_id)
      = (sell_orders.chain_id, sell_orders.contract_address, sell_orders.token_id)
    where ${which} and ${openListingSql()} and sell_orders.seller_address = c.owner_address and not c.hidden
    group by 1, 2, 3 ${sql.raw(PLAN_EACH_RUN)}`;
}

/**
 * Recomputes the days of `moments` (Asia/Tokyo) of one collection from its sales; today's row also takes the
 * current floor. A day whose sales were all rolled back keeps its row with nothing sold.
 */
export async function refreshDailyStats(
  tx: Database | Transaction,
  key: CollectionKey,
  moments: readonly Date[],
  now = new Date(),
): Promise<void> {
  const today = tokyoDay(now);
  const days = [...new Set(moments.map(tokyoDay))];
  const where = onContract(collectionDailyStats, key.chainId, key.contractAddress);
  for (const day of days) {
    await tx
      .update(collectionDailyStats)
      .set({ volume: '0', sales: 0, updatedAt: now })
      .where(and(where, eq(collectionDailyStats.day, day)));
    const currency = canonicalCurrencySql(sql`s.currency_code`);
    await tx.execute(sql`insert into collection_daily_stats
        (chain_id, contract_address, day, currency_code, volume, sales, updated_at)
      select ${key.chainId}, ${key.contractAddress}, ${day}::date, ${currency}, sum(s.price), count(*), ${now}
      from sales s
      where s.chain_id = ${key.chainId} and s.contract_address = ${key.contractAddress} and s.kind = 'sale'
        and s.sold_at >= ${dayStart(sql`${day}`)} and s.sold_at < ${dayStart(sql`${day}`, 1)}
      group by ${currency}
      on conflict (chain_id, contract_address, day, currency_code)
        do update set volume = excluded.volume, sales = excluded.sales, updated_at = excluded.updated_at`);
  }
  if (days.includes(today)) await recordFloor(tx, key, today, now);
  // The collection's and its creator's sales counts follow the same sales (the lists' most-sold order).
  await refreshSalesCounts(tx, key);
}

/** Records the collection's floor now as `day`'s floor, per currency (no open listing: no floor). */
export async function recordFloor(
  tx: Database | Transaction,
  key: CollectionKey,
  day: string,
  now = new Date(),
): Promise<void> {
  await tx
    .update(collectionDailyStats)
    .set({ floor: null })
    .where(and(onContract(collectionDailyStats, key.chainId, key.contractAddress), eq(collectionDailyStats.day, day)));
  await tx.execute(sql`insert into collection_daily_stats
      (chain_id, contract_address, day, currency_code, floor, updated_at)
    select ${key.chainId}, ${key.contractAddress}, ${day}::date, f.currency_code, f.floor, ${now}
    from (${floorsSql(key)}) f
    on conflict (chain_id, contract_address, day, currency_code)
      do update set floor = excluded.floor, updated_at = excluded.updated_at`);
}

/** How often the leader records every collection's floor as today's (see {@link recordAllFloors}). */
export const RECORD_FLOORS_EVERY_MS = 60 * 60_000;

/**
 * Records every collection's floor now as today's (Asia/Tokyo), per currency: run every hour by the leader, so
 * each day has a floor whether or not anything sold (the collection's floor chart, the rankings' floor change).
 * A collection with no open listing keeps no floor for today.
 */
export async function recordAllFloors(db: Database | Transaction, now = new Date()): Promise<void> {
  const today = tokyoDay(now);
  await db.transaction(async (tx) => {
    await tx.update(collectionDailyStats).set({ floor: null }).where(eq(collectionDailyStats.day, today));
    await tx.execute(sql`insert into collection_daily_stats
        (chain_id, contract_address, day, currency_code, floor, updated_at)
      select f.chain_id, f.contract_address, ${today}::date, f.currency_code, f.floor, ${now}
      from (${floorsSql(null)}) f
      on conflict (chain_id, contract_address, day, currency_code)
        do update set floor = excluded.floor, updated_at = excluded.updated_at`);
  });
}

/** Rebuilds every day of one collection from its sales (after a bulk load such as the demo seed). */
export async function rebuildDailyStats(
  db: Database | Transaction,
  key: CollectionKey,
  now = new Date(),
): Promise<void> {
  const { rows } = await db.execute<{ sold_at: unknown }>(sql`select distinct
      date_trunc('day', s.sold_at at time zone ${DISPLAY_TIME_ZONE}) at time zone ${DISPLAY_TIME_ZONE} as sold_at
    from sales s where s.chain_id = ${key.chainId} and s.contract_address = ${key.contractAddress}`);
  const moments = rows.map((row) => new Date(row.sold_at as string | Date));
  await refreshDailyStats(db, key, [...moments, now], now);
}

/** Removed or added sales grouped by contract: the moments whose days {@link refreshDailyStats} recomputes. */
export function soldDays(rows: readonly { contractAddress: string; soldAt: Date }[]): Map<string, Date[]> {
  const byContract = new Map<string, Date[]>();
  for (const row of rows)
    byContract.set(row.contractAddress, [...(byContract.get(row.contractAddress) ?? []), row.soldAt]);
  return byContract;
}
