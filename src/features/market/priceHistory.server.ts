/**
 * The points of the market charts, as the pages draw them and the API answers them: a card's sales over all time
 * (with who sold to whom) and its listings' asks, and a collection's daily volume, sales and floor per currency
 * from its aggregates (./dailyStats.server.ts).
 */
import { asc, sql } from 'drizzle-orm';
import { toIso, toNumber } from '~/lib/rowValues';
import { onContract } from '~/server/db/onChainConditions';
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

/** A row of {@link cardPriceHistory}'s statement: a sale (`status` null) or an ask (seller, buyer, `tx_hash` null). */
interface HistoryRow extends Record<string, unknown> {
  at: unknown;
  price: string;
  currency_code: unknown;
  seller: string | null;
  buyer: string | null;
  tx_hash: string | null;
  status: string | null;
}

/**
 * Every sale and listing of one card, oldest first (through the sales and listings token indexes), in one
 * statement: one round trip of a token page's render, not two.
 */
export async function cardPriceHistory(db: Database, card: CardKey): Promise<CardPriceHistory> {
  const { rows } = await db.execute<HistoryRow>(sql`
    select at, price, currency_code, seller, buyer, tx_hash, status from (
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
    ) history
    order by part, at, seq`);
  const history: CardPriceHistory = { sales: [], asks: [] };
  for (const row of rows) {
    const point = { at: toIso(row.at), price: row.price, currencyCode: toNumber(row.currency_code) };
    if (row.status === null)
      history.sales.push({ ...point, from: row.seller ?? '', to: row.buyer ?? '', txHash: row.tx_hash ?? '' });
    else history.asks.push({ ...point, status: row.status });
  }
  return history;
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
