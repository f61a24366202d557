/**
 * A timed auction as the card API and the token page show it (../../catalogue/types.ts `AuctionView`): its
 * status, reserve, end, the standing bids and the lowest bid accepted now.
 */
import { desc, eq } from 'drizzle-orm';
import type { AuctionView, ListingDetail } from '~/features/catalogue/types';
import { auctions } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { minimumBid } from './auctionRules';
import { bidsOf } from './bids.server';

/** The card with its listing's auction, when the listing is a timed auction (the token page, the card API). */
export async function withAuction<T extends { listing: ListingDetail | null }>(db: Database, card: T): Promise<T> {
  const { listing } = card;
  if (listing?.saleType !== 'auction') return card;
  return { ...card, listing: { ...listing, auction: await auctionOfListing(db, listing.id, listing.expiresAt) } };
}

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
  const standing = bids.filter((bid) => bid.standing);
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
