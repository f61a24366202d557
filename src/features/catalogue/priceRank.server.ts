/**
 * The price rank formula, written once: a live listing's place in the price orders as one number, highest first
 * (see ./cardWrites.server.ts, its one writer, for why). Above {@link GROUP_SCALE} the group: 0 when the listing's
 * currency has a fresh yen rate, else its currency group + 1, counted down from {@link GROUPS} so groups ascend;
 * below it the yen price (group 0) or the price in the currency's smallest unit, ascending or descending. The
 * card list reads the same formula to turn a price or yen range into a range of stored ranks
 * (./cards/listedCardConditions.server.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import { yenAmountSql } from '~/features/market/rates/yenSql.server';
import { currencyGroup } from './cards/cardOrder.server';

/** What one group adds to a rank: above any price (a uint256 is below 1.2e77) or yen amount. */
export const GROUP_SCALE = 10n ** 80n;
/** Groups are counted down from this (a currency code is far below it). */
const GROUPS = 1_000;
/** Below a group, the ascending rank counts prices down from this. */
const PRICE_CEILING = 10n ** 79n;

/** A listing's two ranks, as SQL: asking `price` (smallest unit) in currency `code` at the fresh `rates`. */
export function priceRanksSql(
  price: SQL,
  code: SQL,
  rates: Readonly<Record<number, number>> | undefined,
): { asc: SQL; desc: SQL } {
  const yen = yenAmountSql(price, code, rates);
  const group = sql`(case when ${yen} is not null then 0 else ${currencyGroup(code)} + 1 end)`;
  const base = sql`(${GROUPS} - ${group})::numeric * ${GROUP_SCALE.toString()}::numeric`;
  const key = sql`coalesce(${yen}, ${price})`;
  return { asc: sql`(${base} + (${PRICE_CEILING.toString()}::numeric - ${key}))`, desc: sql`(${base} + ${key})` };
}

/** The two ranks of a listing priced at `yen` whole yen (group 0: its currency has a fresh rate). */
export function yenRanksSql(yen: number): { asc: SQL; desc: SQL } {
  const base = sql`${GROUPS}::numeric * ${GROUP_SCALE.toString()}::numeric`;
  return {
    asc: sql`(${base} + (${PRICE_CEILING.toString()}::numeric - ${yen}::numeric))`,
    desc: sql`(${base} + ${yen}::numeric)`,
  };
}
