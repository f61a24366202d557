/**
 * For card grids: the end and the highest standing bid of running timed auctions, by listing (the auctions
 * themselves are the trading feature's: src/features/trading/auction/).
 */
import { sql } from 'drizzle-orm';
import { auctionBids, auctions, offers } from '~/server/db/schema';
import type { Database } from '~/server/db/types';

/** For grids: the end and the highest standing bid of the running auctions among these listings. */
export async function auctionSummaries(
  db: Database,
  sellOrderIds: readonly number[],
): Promise<Map<number, { endsAt: string; highestBid: string | null }>> {
  if (sellOrderIds.length === 0) return new Map();
  const rows = await db.execute<{ sell_order_id: unknown; ends_at: unknown; highest: unknown }>(sql`
    select a.sell_order_id, a.ends_at, (select max(b.price)::text from ${auctionBids} b
      join ${offers} o on o.id = b.offer_id
      where b.auction_id = a.id and b.invalid_reason is null and o.status = 'active' and o.inactive_reason is null) as highest
    from ${auctions} a
    where a.sell_order_id in (${sql.join(
      sellOrderIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and a.status in ('running', 'settling')`);
  return new Map(
    rows.rows.map((row) => [
      Number(row.sell_order_id),
      {
        endsAt: new Date(row.ends_at as string | Date).toISOString(),
        highestBid: row.highest === null ? null : String(row.highest),
      },
    ]),
  );
}
