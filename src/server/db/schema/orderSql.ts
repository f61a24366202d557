/**
 * The order formulas the queries share, beside the tables they read, one formula each: what a listing asks
 * now (a declining price at this second), which listings are open, which offers can be accepted, which bids
 * still stand. The catalogue's grids and token page, the auction's own queries and the trading side all read
 * these, so a rule changes in one place. Not exported from ./index.ts (drizzle-kit reads tables only there).
 *
 * @see ../../../features/trading/orders/orderFacts.ts (the same rules as code, for what the chain says)
 */
import { and, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { keccak256, stringToBytes } from 'viem';
import { auctionBids } from './auctions.ts';
import { offers } from './offers.ts';
import { sellOrders } from './trading.ts';

/**
 * What a listing asks at `at` (default now): its price, or for a declining one what Seaport charges at that
 * second: each consideration item moved linearly from its start to its end amount, rounded up, summed
 * (exact integer arithmetic, as `currentAmount` in src/features/trading/seaport/orderAmounts.ts; a test pins
 * the two together).
 */
export function currentPriceSql(at: SQL = sql`now()`): SQL<string> {
  const total = sql`extract(epoch from ${sellOrders.expiresAt} - ${sellOrders.startsAt})`;
  const elapsed = sql`least(${total}, greatest(0, floor(extract(epoch from ${at})) - extract(epoch from ${sellOrders.startsAt})))`;
  const item = sql`(item->>'startAmount')::numeric * (${total} - ${elapsed}) + (item->>'endAmount')::numeric * ${elapsed}`;
  return sql<string>`(case when ${sellOrders.endPrice} is null then ${sellOrders.price} else (
    select sum(div(${item} + ${total} - 1, ${total})) from jsonb_array_elements(${sellOrders.order}->'consideration') item) end)`;
}

/** A listing that can be bought at `at` as far as the site knows: active, started, not ended. */
export function openListingSql(at: SQL = sql`now()`): SQL {
  return and(eq(sellOrders.status, 'active'), lte(sellOrders.startsAt, at), gt(sellOrders.expiresAt, at)) as SQL;
}

/** An offer that can be filled: active, and its offerer has the funds (the offer check found no reason). */
export const usableOfferSql: SQL = sql`(${offers.status} = 'active' and ${offers.inactiveReason} is null)`;

/**
 * The zone hash a timed auction's bid carries (`BID_ZONE_HASH` of src/features/trading/zone/zoneHash.ts, which this
 * layer may not import; ./orderSql.test.ts pins the two together).
 */
export const BID_ZONE_HASH_SQL: string = keccak256(stringToBytes('Kirafuda timed auction bid'));

/**
 * An offer a card's owner could accept: usable and not a bid (a bid, marked by its zone hash, is filled by the
 * settlement of its auction alone). Every offer is restricted to the Kirafuda zone, so the order type no longer
 * tells a bid from an offer.
 */
export const acceptableOfferSql: SQL = sql`(${usableOfferSql} and lower(${offers.order}->>'zoneHash') <> ${BID_ZONE_HASH_SQL})`;

/**
 * A bid that still stands in its auction (with `offers` joined on the bid's offer): not disqualified and its
 * offer usable. Only standing bids set the minimum next bid and can win.
 */
export const standingBidSql: SQL = and(isNull(auctionBids.invalidReason), usableOfferSql) as SQL;
