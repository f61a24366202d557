/**
 * Bids on timed auctions. A bid is a token offer (../offer/submitOffer.server.ts) on a card whose active
 * listing is a running auction: restricted to the settlement account (so nobody else can ever fill it, and it
 * ends with its auction), signed with the bidder's own key (not a contract wallet's ERC-1271 answer, which
 * could change between the settlement's check and its transaction), in the auction's currency, at least the
 * reserve or the highest standing bid plus the minimum step (./auctionRules.ts), lasting until the listing's
 * own end (so it is still good when the auction is settled, whatever extensions come), and arriving before the
 * end. Every bid from the reserve up stands (./auctionRules.ts `placeOfBid`): one that beats the highest by the
 * minimum step leads, one at or below it backs it, so a high bid whose backing is later pulled never kept an
 * honest bid out. A leading bid in the last ten minutes moves the end ten minutes after it. Bids are placed one
 * at a time per auction (the auction row is locked), so two bids at once cannot both claim to lead.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { getT } from '~/features/i18n/t';
import { noticeBidPlaced } from '~/features/notifications/orderNotices.server';
import { unixSeconds } from '~/lib/dates';
import { conflict } from '~/server/api/errors';
import { auctionBids, auctions, offers, sellOrders } from '~/server/db/schema';
import { standingBidSql } from '~/server/db/schema/orderSql';
import type { Database, Transaction } from '~/server/db/types';
import type { BidFacts, BidTerms } from '../orders/bidTerms';
import { ofCard } from '../orders/cardRows.server';
import { ORDER_REASON_KEYS } from '../orders/orderFacts';
import { isSignedByOfferersKey } from '../seaport/orderSignature.server';
import type { OrderComponents } from '../seaport/seaportTypes';
import { bidRefusal, endAfterBid, placeOfBid } from './auctionRules';

/** A running auction with its listing's end (unix seconds). */
export type RunningAuction = typeof auctions.$inferSelect & { listingEnd: Date };

/** The running auction of a card, if its active listing is one. */
export async function runningAuctionOf(
  db: Database | Transaction,
  key: { chainId: number; contractAddress: string; tokenId: string },
): Promise<RunningAuction | undefined> {
  const [row] = await db
    .select({ auction: auctions, listingEnd: sellOrders.expiresAt })
    .from(auctions)
    .innerJoin(sellOrders, eq(sellOrders.id, auctions.sellOrderId))
    .where(
      and(
        ofCard(auctions, { ...key, contractAddress: key.contractAddress.toLowerCase() }),
        eq(auctions.status, 'running'),
        eq(sellOrders.status, 'active'),
      ),
    )
    .orderBy(desc(auctions.id))
    .limit(1);
  return row ? { ...row.auction, listingEnd: row.listingEnd } : undefined;
}

/**
 * The highest standing bid's price, if any: bids found invalid at settlement, and bids whose offerer no longer
 * has the balance or the allowance (the offer check marks them inactive), are left out, so a bid that cannot
 * pay does not hold others above it.
 */
export async function highestBid(db: Database | Transaction, auctionId: number): Promise<bigint | undefined> {
  const [row] = await db
    .select({ price: auctionBids.price })
    .from(auctionBids)
    .innerJoin(offers, eq(offers.id, auctionBids.offerId))
    .where(and(eq(auctionBids.auctionId, auctionId), standingBidSql))
    .orderBy(desc(auctionBids.price))
    .limit(1);
  return row ? BigInt(row.price) : undefined;
}

/** Who holds the highest standing bid, if anyone (the earlier of equal bids). */
async function highestBidder(tx: Transaction, auctionId: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ bidder: auctionBids.bidderAddress })
    .from(auctionBids)
    .innerJoin(offers, eq(offers.id, auctionBids.offerId))
    .where(and(eq(auctionBids.auctionId, auctionId), standingBidSql))
    .orderBy(desc(auctionBids.price), asc(auctionBids.id))
    .limit(1);
  return row?.bidder;
}

/** The first problem with a bid on `auction` at `now`, or undefined (the price is checked again on placing). */
export async function bidProblem(
  db: Database,
  auction: RunningAuction,
  bid: BidFacts,
  now: Date,
): Promise<string | undefined> {
  const { order } = bid;
  if (now >= auction.endsAt) return 'This auction has ended';
  if (!bid.restricted) {
    return 'This card is in a timed auction: a bid must be restricted to the settlement account (order.zone, orderType 2)';
  }
  if (bid.currencyCode !== auction.currencyCode) return 'A bid must be in the auction’s currency';
  if (order.offerer.toLowerCase() === auction.sellerAddress) return 'You cannot bid on your own auction';
  if (order.endTime < unixSeconds(auction.listingEnd)) {
    return `A bid must stay valid until ${auction.listingEnd.toISOString()} (the auction’s settlement)`;
  }
  const placed = placeOfBid(
    bid.unitPrice,
    BigInt(auction.reservePrice),
    await highestBid(db, auction.id),
    auction.minStepBps,
  );
  if (placed.place === 'refused') return bidRefusal(placed);
  const seaport = bid.chain.contracts.exchange;
  if (!(await isSignedByOfferersKey(bid.chain, seaport, order, bid.signature))) {
    return getT('en')(ORDER_REASON_KEYS.contract_wallet);
  }
  return undefined;
}

/**
 * The problem with what a bid pays out of itself, or undefined: exactly the platform fee and the card's
 * royalty for its amount, no more (bids are ranked by their amount, so one that gave most of it to the royalty
 * receiver would outrank honest bids while leaving the seller little).
 */
export function bidPayoutProblem(order: OrderComponents, fee: bigint, royalty: bigint): string | undefined {
  const paidOut = order.consideration.slice(1).reduce((sum, item) => sum + item.endAmount, 0n);
  return paidOut === fee + royalty ? undefined : 'A bid must pay exactly the platform fee and the royalty out of it';
}

/**
 * Places a stored offer as a bid, inside the transaction that stored it: locks the auction, checks it still
 * runs and where the bid goes now (a bid that would have led may now back a higher one that came first), records
 * the bid, tells the seller (and the bidder it displaced, when it leads) and moves the end when a leading bid came
 * late.
 * @throws HttpError 409 (the auction ended, or a higher bid came first and this one lands inside its step)
 */
export async function placeBid(
  tx: Transaction,
  auctionId: number,
  offer: { id: number; price: string; offererAddress: string },
  now: Date,
): Promise<{ endsAt: Date }> {
  // Placed under the auction's lock, as disqualifications and settlements take it.
  const [auction] = await tx.select().from(auctions).where(eq(auctions.id, auctionId)).for('update');
  if (auction?.status !== 'running' || now >= auction.endsAt) throw conflict('This auction has ended');
  const placed = placeOfBid(
    BigInt(offer.price),
    BigInt(auction.reservePrice),
    await highestBid(tx, auction.id),
    auction.minStepBps,
  );
  if (placed.place === 'refused') throw conflict(`A higher bid came first. ${bidRefusal(placed)}`);
  const previousBidder = placed.place === 'leads' ? await highestBidder(tx, auction.id) : undefined;
  await tx
    .insert(auctionBids)
    .values({ auctionId, offerId: offer.id, price: offer.price, bidderAddress: offer.offererAddress, placedAt: now });
  await noticeBidPlaced(tx, {
    offerId: offer.id,
    listingId: auction.sellOrderId,
    bidderAddress: offer.offererAddress,
    previousBidder,
  });
  if (placed.place === 'backs') return { endsAt: auction.endsAt };
  const endsAt = new Date(
    Number(endAfterBid(unixSeconds(auction.endsAt), unixSeconds(now), unixSeconds(auction.latestEndsAt))) * 1000,
  );
  if (endsAt.getTime() !== auction.endsAt.getTime()) {
    await tx.update(auctions).set({ endsAt, updatedAt: now }).where(eq(auctions.id, auctionId));
  }
  return { endsAt };
}

/** The bids of an auction, highest first, with whether each still stands. */
export async function bidsOf(db: Database, auctionId: number) {
  return (
    db
      .select({
        id: auctionBids.id,
        price: auctionBids.price,
        bidder: auctionBids.bidderAddress,
        placedAt: auctionBids.placedAt,
        invalidReason: auctionBids.invalidReason,
        offerStatus: offers.status,
        offerInactive: offers.inactiveReason,
        offerId: offers.id,
        standing: sql<boolean>`${standingBidSql}`,
      })
      .from(auctionBids)
      .innerJoin(offers, eq(offers.id, auctionBids.offerId))
      .where(eq(auctionBids.auctionId, auctionId))
      // Equal bids: the earlier one ranks first.
      .orderBy(desc(auctionBids.price), asc(auctionBids.id))
  );
}

/** Whether any of these auctions has a bid (a seller may cancel only before the first). */
export async function auctionsWithBids(db: Database, auctionIds: number[]): Promise<Set<number>> {
  if (auctionIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: auctionBids.auctionId })
    .from(auctionBids)
    .where(inArray(auctionBids.auctionId, auctionIds));
  return new Set(rows.map((row) => row.id));
}

/** The auction side of `POST /api/v1/offers` (../orders/bidTerms.ts), for ../placeOffer/placeOffer.server.ts. */
export const auctionBidTerms: BidTerms<RunningAuction> = {
  auctionOf: runningAuctionOf,
  problem: bidProblem,
  payoutProblem: bidPayoutProblem,
  place: (tx, auction, offer, now) => placeBid(tx, auction.id, offer, now),
};
