/**
 * A collection's market figures for one period: owners (unique holders) and their share of the supply, cards
 * listed and their share, floor and best collection offer now, and volume and sales per currency against the
 * period before. Volumes of 7 d, 30 d and all time add up the daily aggregates (./dailyStats.server.ts; whole
 * Asia/Tokyo days, today included); 24 h reads the last 48 hours of sales through their (contract, time) index.
 * Owners and listings are counted through the cards' (collection, owner) index: no per-request scan of sales.
 */
import { sql } from 'drizzle-orm';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { acceptableOfferSql } from '~/server/db/schema/orderSql';
import { PLAN_EACH_RUN } from '~/server/db/statementNames';
import type { Database } from '~/server/db/types';
import { type CollectionKey, floorsSql } from './dailyStats.server';
import { addDays, changePercent, PERIOD_DAYS, type Period, sharePercent, tokyoDay } from './periods';

/** An amount in one currency (wei as a decimal string). */
export interface MarketAmount {
  currencyCode: number;
  amount: string;
}

/** Volume and sales in one currency for the period, the previous period's, and the change in percent. */
export interface PeriodVolume extends MarketAmount {
  sales: number;
  /** The period before (null for `all`). */
  previous: { amount: string; sales: number } | null;
  /** Percent against the previous period; null for `all` or when the previous period sold nothing. */
  change: { volume: number | null; sales: number | null } | null;
}

/** What `GET /api/v1/collections/{id}/stats` answers and the collection page shows. */
export interface CollectionStats {
  period: Period;
  supply: number;
  owners: number;
  ownersShare: number;
  listed: number;
  listedShare: number;
  floor: MarketAmount[];
  bestOffer: MarketAmount | null;
  volume: PeriodVolume[];
}

/** A collection to count: its id (cards, offers) and its contract (sales). */
export interface StatsCollection extends CollectionKey {
  id: number;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * Supply, owners and listed cards of a collection (one query over the cards' indexes), planned with its values each
 * run: kept, its plan for a collection of ten looked each listing's card up among all the collection's cards.
 */
async function holdings(db: Database, collection: StatsCollection) {
  const { rows } = await db.execute<{ supply: unknown; owners: unknown; listed: unknown }>(sql`select
      (select count(*) from cards c where c.category_id = ${collection.id} and not c.hidden) as supply,
      (select count(distinct c.owner_address) from cards c
        where c.category_id = ${collection.id} and not c.hidden and c.owner_address <> ${ZERO_ADDRESS}) as owners,
      (select count(distinct o.token_id) from sell_orders o join cards c
          on (c.chain_id, c.contract_address, c.token_id) = (o.chain_id, o.contract_address, o.token_id)
        where o.chain_id = ${collection.chainId} and o.contract_address = ${collection.contractAddress}
          and o.status = 'active' and o.starts_at <= now() and o.expires_at > now()
          and o.seller_address = c.owner_address and not c.hidden) as listed ${sql.raw(PLAN_EACH_RUN)}`);
  const row = rows[0];
  return { supply: Number(row?.supply ?? 0), owners: Number(row?.owners ?? 0), listed: Number(row?.listed ?? 0) };
}

type VolumeRow = { currency_code: unknown; amount: unknown; sales: unknown; prev_amount: unknown; prev_sales: unknown };

/** Volume rows of the period and the one before, per currency. */
async function volumeRows(db: Database, key: CollectionKey, period: Period, now: Date): Promise<VolumeRow[]> {
  if (period === '24h') {
    const currency = canonicalCurrencySql(sql`s.currency_code`);
    const since = new Date(now.getTime() - 24 * 3600_000);
    const before = new Date(now.getTime() - 48 * 3600_000);
    const { rows } = await db.execute<VolumeRow>(sql`select ${currency} as currency_code,
        coalesce(sum(s.price) filter (where s.sold_at > ${since}), 0) as amount,
        count(*) filter (where s.sold_at > ${since}) as sales,
        coalesce(sum(s.price) filter (where s.sold_at <= ${since}), 0) as prev_amount,
        count(*) filter (where s.sold_at <= ${since}) as prev_sales
      from sales s
      where s.chain_id = ${key.chainId} and s.contract_address = ${key.contractAddress} and s.kind = 'sale'
        and s.sold_at > ${before} and s.sold_at <= ${now}
      group by 1 order by 1`);
    return rows;
  }
  const where = sql`d.chain_id = ${key.chainId} and d.contract_address = ${key.contractAddress} and d.sales > 0`;
  if (period === 'all') {
    const { rows } = await db.execute<VolumeRow>(sql`select d.currency_code, sum(d.volume) as amount,
        sum(d.sales) as sales, null as prev_amount, null as prev_sales
      from collection_daily_stats d where ${where} group by 1 order by 1`);
    return rows;
  }
  const today = tokyoDay(now);
  const first = addDays(today, -(PERIOD_DAYS[period] - 1));
  const previousFirst = addDays(first, -PERIOD_DAYS[period]);
  const { rows } = await db.execute<VolumeRow>(sql`select d.currency_code,
      coalesce(sum(d.volume) filter (where d.day >= ${first}::date), 0) as amount,
      coalesce(sum(d.sales) filter (where d.day >= ${first}::date), 0) as sales,
      coalesce(sum(d.volume) filter (where d.day < ${first}::date), 0) as prev_amount,
      coalesce(sum(d.sales) filter (where d.day < ${first}::date), 0) as prev_sales
    from collection_daily_stats d
    where ${where} and d.day >= ${previousFirst}::date and d.day <= ${today}::date
    group by 1 order by 1`);
  return rows;
}

const decimal = (value: unknown) => (value === null || value === undefined ? '0' : String(value).split('.')[0] || '0');

/** A collection's figures for `period` (see the module comment). */
export async function collectionStats(
  db: Database,
  collection: StatsCollection,
  period: Period,
  now = new Date(),
): Promise<CollectionStats> {
  const counts = await holdings(db, collection);
  const floors = await db.execute<{ currency_code: unknown; floor: unknown }>(
    sql`select f.currency_code, f.floor from (${floorsSql(collection)}) f order by 1`,
  );
  const offerCurrency = canonicalCurrencySql(sql`currency_code`);
  const offers = await db.execute<{
    currency_code: unknown;
    price: unknown;
  }>(sql`select ${offerCurrency} as currency_code,
      price from offers where ${acceptableOfferSql} and kind = 'collection' and category_id = ${collection.id}
    order by price desc limit 1`);
  const bestOffer = offers.rows[0];
  const volume = (await volumeRows(db, collection, period, now))
    .map((row): PeriodVolume => {
      const amount = decimal(row.amount);
      const sales = Number(row.sales ?? 0);
      if (period === 'all')
        return { currencyCode: Number(row.currency_code), amount, sales, previous: null, change: null };
      const previous = { amount: decimal(row.prev_amount), sales: Number(row.prev_sales ?? 0) };
      return {
        currencyCode: Number(row.currency_code),
        amount,
        sales,
        previous,
        change: {
          volume: changePercent(BigInt(amount), BigInt(previous.amount)),
          sales: changePercent(BigInt(sales), BigInt(previous.sales)),
        },
      };
    })
    .filter((row) => row.sales > 0 || (row.previous?.sales ?? 0) > 0);
  return {
    period,
    supply: counts.supply,
    owners: counts.owners,
    ownersShare: sharePercent(counts.owners, counts.supply),
    listed: counts.listed,
    listedShare: sharePercent(counts.listed, counts.supply),
    floor: floors.rows.map((row) => ({ currencyCode: Number(row.currency_code), amount: decimal(row.floor) })),
    bestOffer: bestOffer ? { currencyCode: Number(bestOffer.currency_code), amount: decimal(bestOffer.price) } : null,
    volume,
  };
}
