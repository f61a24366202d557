/**
 * Market data kept as events arrive: a collection's sales per day (Asia/Tokyo) and currency with the floor
 * seen that day, each card's rarity rank (and the collections waiting to be ranked again), and exchange rates to
 * yen with the time they were read.
 *
 * @see docs/architecture.md ("market")
 */
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cards, categories } from './catalog.ts';
import { addressCheck, keyRef, ref, timestamptz, uint256 } from './columns.ts';
import { contractOnChain } from './onChain.ts';

/**
 * One collection's sales on one day (the Asia/Tokyo calendar day) in one currency: volume and count, recomputed
 * from `sales` for that day whenever the indexer records or rolls back a sale there, and the floor (cheapest
 * open listing) seen at the last refresh of that day.
 */
export const collectionDailyStats = pgTable(
  'collection_daily_stats',
  {
    ...contractOnChain(),
    day: date('day', { mode: 'string' }).notNull(),
    currencyCode: integer('currency_code').notNull(),
    volume: uint256('volume').notNull().default('0'),
    sales: integer('sales').notNull().default(0),
    floor: uint256('floor'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'collection_daily_stats_pk', columns: [t.chainId, t.contractAddress, t.day, t.currencyCode] }),
    addressCheck('collection_daily_stats_contract_format', t.contractAddress),
    check('collection_daily_stats_not_negative', sql`${t.volume} >= 0 and ${t.sales} >= 0`),
  ],
);

/**
 * Collections whose cards changed since they were last ranked: the ranking job's queue, one row a collection,
 * `since` its oldest unranked change (a burst of issues is ranked once, at most a quiet period after its start).
 */
export const rarityPending = pgTable('rarity_pending', {
  categoryId: keyRef('category_id', () => categories.id, 'cascade'),
  since: timestamptz('since').notNull().defaultNow(),
});

/** Each card's rarity (OpenRarity's information content), ranked within its collection when its cards change. */
export const cardRarity = pgTable(
  'card_rarity',
  {
    cardId: keyRef('card_id', () => cards.id, 'cascade'),
    categoryId: ref('category_id').notNull(),
    score: doublePrecision('score').notNull(),
    rank: integer('rank').notNull(),
    /** How many cards the collection's ranking holds ("#rank / of"). */
    of: integer('of').notNull(),
  },
  (t) => [
    check('card_rarity_rank_positive', sql`${t.rank} > 0 and ${t.rank} <= ${t.of}`),
    index('card_rarity_category_rank_idx').on(t.categoryId, t.rank),
  ],
);

/** A currency's price in yen as one source reported it, with when it was read (older than an hour: not shown). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currencyCode: integer('currency_code').primaryKey(),
    /** Yen per whole unit of the currency. */
    jpy: doublePrecision('jpy').notNull(),
    source: text('source').notNull(),
    observedAt: timestamptz('observed_at').notNull(),
  },
  (t) => [check('exchange_rates_positive', sql`${t.jpy} > 0`)],
);

/**
 * The rates kept by the hour (written with `exchange_rates`, by ../../../features/market/rates/): per currency and
 * UTC hour, the last reading observed in that hour. What a trade was worth in yen when it happened comes from
 * here (the statements and the collectors' trade history), since `exchange_rates` keeps only the latest reading.
 */
export const exchangeRateHours = pgTable(
  'exchange_rate_hours',
  {
    currencyCode: integer('currency_code').notNull(),
    /** The hour's first moment. */
    hour: timestamptz('hour').notNull(),
    jpy: doublePrecision('jpy').notNull(),
    source: text('source').notNull(),
    observedAt: timestamptz('observed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.currencyCode, t.hour] }),
    check('exchange_rate_hours_positive', sql`${t.jpy} > 0`),
    index('exchange_rate_hours_observed_idx').on(t.currencyCode, t.observedAt),
  ],
);
