/**
 * For card grids: the end and the highest standing bid of running timed auctions, by listing (the auctions
 * themselves are the trading feature's: src/features/trading/auction/).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auctionBids, auctions, offers } from '~/server/db/schema';
import { standingBidSql } from '~/server/db/schema/orderSql';
import type { Database } from '~/server/db/types';

/** For grids: the end and the highest standing bid of the running auctions among these listings. */
export async function auctionSummaries(
  db: Database,
  sellOrderIds: readonly number[],
): Promise<Map<number, { endsAt: string; highestBid: string | null }>> {
  if (sellOrderIds.length === 0) return new Map();
  const rows = await db
    .select({
      sellOrderId: auctions.sellOrderId,
      endsAt: auctions.endsAt,
      highest: sql<string | null>`(max(${auctionBids.price}) filter (where ${standingBidSql}))::text`,
    })
    .from(auctions)
    .leftJoin(auctionBids, eq(auctionBids.auctionId, auctions.id))
    .leftJoin(offers, eq(offers.id, auctionBids.offerId))
    .where(and(inArray(auctions.sellOrderId, [...sellOrderIds]), inArray(auctions.status, ['running', 'settling'])))
    .groupBy(auctions.id);
  return new Map(
    rows.map((row) => [row.sellOrderId, { endsAt: row.endsAt.toISOString(), highestBid: row.highest ?? null }]),
  );
}
