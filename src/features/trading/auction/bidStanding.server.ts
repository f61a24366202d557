/**
 * Keeping an auction's bids honest (bid shielding): a bidder can place a low bid and a very high one (from one
 * wallet or two), then pull the high one's backing (move their tokens, withdraw the allowance, cancel it) just
 * before the end and hope to win with the low one. Lower bids are never refused for being below the high one
 * (./auctionRules.ts `placeOfBid`), so honest bids stand behind it and the settlement, which tries the bids highest
 * first, sells to the best one still valid. Besides, when the standing highest bid of an auction loses its
 * backing, as the offer check (../offer/checkOffers.server.ts, run at once when the indexer sees the bidder's
 * tokens move) or the settlement finds it, every bid of that bidder in that auction is disqualified, with the
 * reason; and an auction in its last ten minutes runs until ten minutes from then, so others can bid again.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Chain } from '~/features/chains/chains';
import { auctionBids, auctions, offers } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import type { OrderReason } from '../orders/orderFacts';
import { ANTI_SNIPING_SECONDS } from './auctionRules';

/**
 * Disqualifies every bid of `bidder` in the auction with `reason`, under the auction's lock, and moves the
 * end of an auction in its last window to ten minutes from `now` (no later than its latest end). Resolves
 * with how many bids it disqualified and the new end when it moved.
 */
export async function disqualifyBidder(
  tx: Transaction,
  auctionId: number,
  bidder: string,
  reason: OrderReason,
  now: Date,
): Promise<{ disqualified: number; endsAt?: Date }> {
  const [auction] = await tx.select().from(auctions).where(eq(auctions.id, auctionId)).for('update');
  if (!auction) return { disqualified: 0 };
  const bids = await tx
    .update(auctionBids)
    .set({ invalidReason: reason })
    .where(
      and(
        eq(auctionBids.auctionId, auctionId),
        eq(auctionBids.bidderAddress, bidder.toLowerCase()),
        isNull(auctionBids.invalidReason),
      ),
    )
    .returning({ id: auctionBids.id });
  const disqualified = bids.length;
  const left = auction.endsAt.getTime() - now.getTime();
  const window = Number(ANTI_SNIPING_SECONDS) * 1000;
  if (disqualified === 0 || auction.status !== 'running' || left <= 0 || left >= window) return { disqualified };
  const endsAt = new Date(Math.min(now.getTime() + window, auction.latestEndsAt.getTime()));
  if (endsAt.getTime() <= auction.endsAt.getTime()) return { disqualified };
  await tx.update(auctions).set({ endsAt, updatedAt: now }).where(eq(auctions.id, auctionId));
  return { disqualified, endsAt };
}

/** The highest bid of the auction not yet disqualified, with its offer's state. */
async function topBid(db: Database, auctionId: number) {
  const [row] = await db
    .select({ bidder: auctionBids.bidderAddress, status: offers.status, inactive: offers.inactiveReason })
    .from(auctionBids)
    .innerJoin(offers, eq(offers.id, auctionBids.offerId))
    .where(and(eq(auctionBids.auctionId, auctionId), isNull(auctionBids.invalidReason)))
    .orderBy(desc(auctionBids.price), asc(auctionBids.id))
    .limit(1);
  return row;
}

/** Why a bid's offer no longer backs it (the offer check's reason, or its end), or null while it does. */
function lostBacking(top: { status: string; inactive: string | null }): OrderReason | null {
  if (top.status !== 'active')
    return top.status === 'filled' ? 'filled' : top.status === 'expired' ? 'expired' : 'cancelled';
  return (top.inactive as OrderReason | null) ?? null;
}

/**
 * Looks at the running auctions of `chain` that have bids: while the highest bid not yet disqualified has
 * lost its backing, its bidder is disqualified (see the module comment). Resolves with the auctions that
 * changed. Run after the offer check.
 */
export async function checkBids(db: Database, chain: Chain, now = new Date()): Promise<number[]> {
  const running = await db
    .selectDistinct({ id: auctions.id })
    .from(auctions)
    .innerJoin(auctionBids, eq(auctionBids.auctionId, auctions.id))
    .where(and(eq(auctions.chainId, chain.chainId), eq(auctions.status, 'running')));
  const changed: number[] = [];
  for (const { id } of running) {
    for (let top = await topBid(db, id); top; top = await topBid(db, id)) {
      const reason = lostBacking(top);
      if (!reason) break;
      const { bidder } = top;
      const { disqualified } = await db.transaction((tx) => disqualifyBidder(tx, id, bidder, reason, now));
      if (disqualified === 0) break;
      if (!changed.includes(id)) changed.push(id);
    }
  }
  return changed;
}
