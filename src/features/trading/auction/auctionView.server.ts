/**
 * A timed auction as the card API and the token page show it (../../catalogue/types.ts `AuctionView`): its
 * status, reserve, end, the standing bids and the lowest bid accepted now.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { AuctionView } from '~/features/catalogue/types';
import { auctionBids, auctions, offers } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { minimumBid } from './auctionRules';
import { bidsOf } from './bids.server';

/** The auction of a listing (the latest, should the listing have been re-stored), or null. */
export async function auctionOfListing(
  db: Database,
  sellOrderId: number,
  listingEnd: string,
): Promise<AuctionView | null> {
  const [auction] = await db
    .select()
    .from(auctions)
    .where(eq(auctions.sellOrderId, sellOrderId))
    .orderBy(desc(auctions.id))
    .limit(1);
  if (!auction) return null;
  const bids = await bidsOf(db, auction.id);
  const standing = bids.filter((bid) => bid.invalidReason === null && bid.offerStatus === 'active');
  const highest = standing[0];
  const winner =
    auction.winningOfferId === null ? undefined : bids.find((bid) => bid.offerId === auction.winningOfferId);
  return {
    id: auction.id,
    status: auction.status,
    reservePrice: auction.reservePrice,
    currencyCode: auction.currencyCode,
    endsAt: auction.endsAt.toISOString(),
    scheduledEndsAt: auction.scheduledEndsAt.toISOString(),
    bidsValidUntil: listingEnd,
    highestBid: highest?.price ?? null,
    minimumBid: minimumBid(
      BigInt(auction.reservePrice),
      highest ? BigInt(highest.price) : undefined,
      auction.minStepBps,
    ).toString(),
    minStepBps: auction.minStepBps,
    bidCount: bids.length,
    bids: standing
      .slice(0, 10)
      .map((bid) => ({ bidder: bid.bidder, price: bid.price, placedAt: bid.placedAt.toISOString() })),
    winner: winner?.bidder ?? null,
    settleTxHash: auction.settleTxHash,
  };
}

/** For grids: the end and the highest standing bid of the running auctions among these listings. */
export async function auctionSummaries(
  db: Database,
  sellOrderIds: readonly number[],
): Promise<Map<number, { endsAt: string; highestBid: string | null }>> {
  if (sellOrderIds.length === 0) return new Map();
  const rows = await db.execute<{ sell_order_id: unknown; ends_at: unknown; highest: unknown }>(sql`
    select a.sell_order_id, a.ends_at, (select max(b.price)::text from ${auctionBids} b
      join ${offers} o on o.id = b.offer_id
      where b.auction_id = a.id and b.invalid_reason is null and o.status = 'active') as highest
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
