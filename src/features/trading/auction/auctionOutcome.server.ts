/**
 * How a timed auction ends or waits, in one place: unsold (its listing and its bids end with it), ended with
 * its listing (the seller cancelled it, the card moved), settled (the losing bids end), put back to running
 * when its stored settlement can never be mined (no one blamed), or tried again later after a settlement that
 * failed with no one to blame, {@link MAX_SETTLE_ATTEMPTS} times at most.
 *
 * A bid is restricted to the settlement account, which fills no other than the winner, so an auction's bids
 * can never be filled once it is over: they are marked ended here (../orders/orderStatus.server.ts `endBids`).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Hash } from 'viem';
import { getT } from '~/features/i18n/t';
import { auctionBids, auctions } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { ORDER_REASON_KEYS, type OrderReason } from '../orders/orderFacts';
import { endAuctionListing, endBids } from '../orders/orderStatus.server';

/** An auction row. */
export type Auction = typeof auctions.$inferSelect;

/** What one pass did to an auction. */
export interface AuctionOutcome {
  auctionId: number;
  status: Auction['status'] | 'pending';
  txHash?: Hash;
}

/** Settlements that may fail with no one to blame before the auction ends unsold. */
export const MAX_SETTLE_ATTEMPTS = 3;

/** Ends the bids of the auction, but `winner`'s offer. */
async function endAuctionBids(tx: Transaction, auctionId: number, now: Date, winner?: number | null) {
  const rows = await tx
    .select({ offerId: auctionBids.offerId })
    .from(auctionBids)
    .where(and(eq(auctionBids.auctionId, auctionId), winner ? ne(auctionBids.offerId, winner) : undefined));
  await endBids(
    tx,
    rows.map((row) => row.offerId),
    now,
  );
}

/** The outcome text of an auction the seller's order ended. */
export function sellerOutcome(reason: OrderReason): string {
  return `the seller's order cannot be filled: ${getT('en')(ORDER_REASON_KEYS[reason])}`;
}

/** Ends a running (or settling) auction without a sale; its listing and bids end with it. */
export async function endUnsold(db: Database, auctionId: number, outcome: string, now: Date): Promise<AuctionOutcome> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(auctions)
      .set({ status: 'unsold', outcome, updatedAt: now })
      .where(and(eq(auctions.id, auctionId), inArray(auctions.status, ['running', 'settling'])))
      .returning();
    if (!ended) return;
    await endAuctionListing(tx, ended.sellOrderId, now);
    await endAuctionBids(tx, auctionId, now);
  });
  return { auctionId, status: 'unsold' };
}

/** Ends a running auction whose listing is no longer active: cancelled with it, else unsold; bids end. */
export async function endWithListing(db: Database, auctionId: number, listingStatus: string, now: Date) {
  const status = listingStatus === 'cancelled' ? ('cancelled' as const) : ('unsold' as const);
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(auctions)
      .set({ status, outcome: `listing ${listingStatus}`, updatedAt: now })
      .where(and(eq(auctions.id, auctionId), eq(auctions.status, 'running')))
      .returning({ id: auctions.id });
    if (ended) await endAuctionBids(tx, auctionId, now);
  });
  return { auctionId, status };
}

/** Marks a settling auction settled (mined at `at`); the losing bids end. */
export async function markSettled(db: Database, auction: Auction, at: Date, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(auctions)
      .set({ status: 'settled', settledAt: at, outcome: null, updatedAt: now })
      .where(and(eq(auctions.id, auction.id), eq(auctions.status, 'settling')))
      .returning({ id: auctions.id });
    if (settled) await endAuctionBids(tx, auction.id, now, auction.winningOfferId);
  });
}

/** Puts a settlement that can never be mined back to `running` (no one blamed), to be signed anew. */
export async function release(db: Database | Transaction, auction: Auction, now: Date): Promise<AuctionOutcome> {
  await db
    .update(auctions)
    .set({ status: 'running', settleTxHash: null, settleRawTx: null, winningOfferId: null, updatedAt: now })
    .where(and(eq(auctions.id, auction.id), eq(auctions.status, 'settling')));
  return { auctionId: auction.id, status: 'running' };
}

/**
 * A settlement failed with no one to blame: the auction runs again to be settled on a later pass, or, after
 * {@link MAX_SETTLE_ATTEMPTS} such failures, ends unsold.
 */
export async function retryLater(db: Database, auction: Auction, why: string, now: Date): Promise<AuctionOutcome> {
  const [row] = await db
    .update(auctions)
    .set({
      status: 'running',
      settleTxHash: null,
      settleRawTx: null,
      winningOfferId: null,
      settleAttempts: sql`${auctions.settleAttempts} + 1`,
      outcome: `settlement failed: ${why}`,
      updatedAt: now,
    })
    .where(and(eq(auctions.id, auction.id), inArray(auctions.status, ['running', 'settling'])))
    .returning({ attempts: auctions.settleAttempts });
  const attempts = row?.attempts ?? 0;
  if (attempts >= MAX_SETTLE_ATTEMPTS) {
    return endUnsold(db, auction.id, `the settlement failed ${attempts} times (${why})`, now);
  }
  return { auctionId: auction.id, status: 'running' };
}
