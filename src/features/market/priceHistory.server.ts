/**
 * The points of the market charts, as the pages draw them and the API answers them: a card's sales over all time
 * (with who sold to whom) and its listings' asks, and a collection's daily volume, sales and floor per currency
 * from its aggregates (./dailyStats.server.ts).
 */
import { asc, type SQL, sql } from 'drizzle-orm';
import { fromJson, toIso, toNumber } from '~/lib/rowValues';
import { onContract, type TokenRef } from '~/server/db/onChainConditions';
import { collectionDailyStats, sales, sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { CollectionKey } from './dailyStats.server';

/** A card as its sales and listings name it. */
export interface CardKey extends CollectionKey {
  tokenId: string;
}

/** A sale of a card: price, currency, when, and from whom to whom. */
export interface SalePoint {
  at: string;
  price: string;
  currencyCode: number;
  from: string;
  to: string;
  txHash: string;
}

/** A listing's ask (its starting price) and when it was made. */
export interface AskPoint {
  at: string;
  price: string;
  currencyCode: number;
  status: string;
}

/** A card's price history: its sales and its listings' asks, oldest first. */
export interface CardPriceHistory {
  sales: SalePoint[];
  asks: AskPoint[];
}

/** A collection's day in one currency. */
export interface DayPoint {
  day: string;
  currencyCode: number;
  volume: string;
  sales: number;
  floor: string | null;
}

/** A point of {@link cardPriceHistorySql}'s array: a sale (`status` null) or an ask (seller, buyer, `txHash` null). */
interface HistoryPoint {
  at: unknown;
  price: string;
  currencyCode: unknown;
  seller: string | null;
  buyer: string | null;
  txHash: string | null;
  status: string | null;
}

/**
 * Every sale and listing of one card, oldest first (through the sales and listings token indexes), as one JSON
 * array: a value of its own statement, or a column of the token page's (a subquery on that statement's card:
 * `card` names its columns). Read with {@link cardPriceHistoryOf}.
 */
export function cardPriceHistorySql(card: TokenRef): SQL {
  return sql`(select coalesce(json_agg(json_build_object('at', at, 'price', price, 'currencyCode', currency_code,
        'seller', seller, 'buyer', buyer, 'txHash', tx_hash, 'status', status) order by part, at, seq), '[]')
    from (
      select 0 as part, ${sales.soldAt} as at, ${sales.logIndex}::bigint as seq, ${sales.price}::text as price,
          ${sales.currencyCode} as currency_code, ${sales.sellerAddress} as seller, ${sales.buyerAddress} as buyer,
          ${sales.txHash} as tx_hash, null::text as status
        from ${sales}
        where (${sales.chainId}, ${sales.contractAddress}, ${sales.tokenId})
          = (${card.chainId}, ${card.contractAddress}, ${card.tokenId}::numeric)
          and ${sales.kind} = 'sale'
      union all
      select 1, ${sellOrders.createdAt}, ${sellOrders.id}::bigint, ${sellOrders.price}::text,
          ${sellOrders.currencyCode}, null, null, null, ${sellOrders.status}::text
        from ${sellOrders}
        where (${sellOrders.chainId}, ${sellOrders.contractAddress}, ${sellOrders.tokenId})
          = (${card.chainId}, ${card.contractAddress}, ${card.tokenId}::numeric)
    ) history)`;
}

/** The price history in `value`, what {@link cardPriceHistorySql} gave (a JSON array, or its text). */
export function cardPriceHistoryOf(value: unknown): CardPriceHistory {
  const points = (fromJson(value) ?? []) as HistoryPoint[];
  const history: CardPriceHistory = { sales: [], asks: [] };
  for (const row of points) {
    const point = { at: toIso(row.at), price: row.price, currencyCode: toNumber(row.currencyCode) };
    if (row.status === null)
      history.sales.push({ ...point, from: row.seller ?? '', to: row.buyer ?? '', txHash: row.txHash ?? '' });
    else history.asks.push({ ...point, status: row.status });
  }
  return history;
}

/** Every sale and listing of one card, oldest first (see {@link cardPriceHistorySql}), in one statement. */
export async function cardPriceHistory(db: Database, card: CardKey): Promise<CardPriceHistory> {
  const { rows } = await db.execute<{ history: unknown }>(sql`select ${cardPriceHistorySql(card)} as history`);
  return cardPriceHistoryOf(rows[0]?.history);
}

/** A collection's days, oldest first: volume and sales per currency, and the floor seen that day. */
export async function collectionPriceHistory(db: Database, key: CollectionKey): Promise<DayPoint[]> {
  return db
    .select({
      day: collectionDailyStats.day,
      currencyCode: collectionDailyStats.currencyCode,
      volume: collectionDailyStats.volume,
      sales: collectionDailyStats.sales,
      floor: collectionDailyStats.floor,
    })
    .from(collectionDailyStats)
    .where(onContract(collectionDailyStats, key.chainId, key.contractAddress))
    .orderBy(asc(collectionDailyStats.day), asc(collectionDailyStats.currencyCode));
}

/**
 * A card's last sale, as its page and its API show it (read with the card: ../catalogue/cards/cardDetail.server.ts).
 */
export interface CardMarketFacts {
  lastSale: SalePoint | null;
}
