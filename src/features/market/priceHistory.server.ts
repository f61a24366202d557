/**
 * The points of the market charts, as the pages draw them and the API answers them: a card's sales over all time
 * (with who sold to whom) and its listings' asks, and a collection's daily volume, sales and floor per currency
 * from its aggregates (./dailyStats.server.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
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

/** Every sale and listing of one card, oldest first (through the sales and listings token indexes). */
export async function cardPriceHistory(db: Database, card: CardKey): Promise<CardPriceHistory> {
  const soldRows = await db
    .select({
      at: sales.soldAt,
      price: sales.price,
      currencyCode: sales.currencyCode,
      from: sales.sellerAddress,
      to: sales.buyerAddress,
      txHash: sales.txHash,
    })
    .from(sales)
    .where(
      and(
        eq(sales.chainId, card.chainId),
        eq(sales.contractAddress, card.contractAddress),
        eq(sales.tokenId, card.tokenId),
      ),
    )
    .orderBy(asc(sales.soldAt), asc(sales.logIndex));
  const askRows = await db
    .select({
      at: sellOrders.createdAt,
      price: sellOrders.price,
      currencyCode: sellOrders.currencyCode,
      status: sellOrders.status,
    })
    .from(sellOrders)
    .where(
      and(
        eq(sellOrders.chainId, card.chainId),
        eq(sellOrders.contractAddress, card.contractAddress),
        eq(sellOrders.tokenId, card.tokenId),
      ),
    )
    .orderBy(asc(sellOrders.createdAt));
  return {
    sales: soldRows.map((row) => ({ ...row, at: row.at.toISOString() })),
    asks: askRows.map((row) => ({ ...row, at: row.at.toISOString() })),
  };
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
    .where(
      and(eq(collectionDailyStats.chainId, key.chainId), eq(collectionDailyStats.contractAddress, key.contractAddress)),
    )
    .orderBy(asc(collectionDailyStats.day), asc(collectionDailyStats.currencyCode));
}

/** A card's last sale, as its page and its API show it (read with the card: ../catalogue/cards/cardDetail.server.ts). */
export interface CardMarketFacts {
  lastSale: SalePoint | null;
}
