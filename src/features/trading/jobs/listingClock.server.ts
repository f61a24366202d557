/**
 * The moments a listing changes by itself, without a block: it starts (`starts_at`, up to a minute after it
 * was signed) and it ends (`expires_at`). The listing clock (./tradingJobs.server.ts) marks ended listings expired
 * and announces both kinds of moment as changes of their cards, so cached pages follow them within a second or so.
 */
import { and, eq, gt, inArray, isNotNull, lte, min } from 'drizzle-orm';
import { auctions, sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { expireListings as expireEndedListings } from '../orders/orderStatus.server';

/**
 * Marks active listings whose end time has passed as expired (all chains); answers how many, and the
 * catalogue cards whose listing ended.
 */
export function expireListings(db: Database, now = new Date()): Promise<{ expired: number; cardIds: number[] }> {
  return expireEndedListings(db, now);
}

/** Cards whose active listing started after `since` and by `now`. */
export async function listingsStarted(db: Database, since: Date, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ cardId: sellOrders.cardId })
    .from(sellOrders)
    .where(
      and(
        eq(sellOrders.status, 'active'),
        gt(sellOrders.startsAt, since),
        lte(sellOrders.startsAt, now),
        isNotNull(sellOrders.cardId),
      ),
    );
  return rows.flatMap((row) => (row.cardId === null ? [] : [row.cardId]));
}

/** The next moment after `now` at which an active listing starts or ends, if any. */
export async function nextListingMoment(db: Database, now: Date): Promise<Date | undefined> {
  const [ends] = await db
    .select({ at: min(sellOrders.expiresAt) })
    .from(sellOrders)
    .where(and(eq(sellOrders.status, 'active'), gt(sellOrders.expiresAt, now)));
  const [starts] = await db
    .select({ at: min(sellOrders.startsAt) })
    .from(sellOrders)
    .where(and(eq(sellOrders.status, 'active'), gt(sellOrders.startsAt, now)));
  const moments = [ends?.at, starts?.at].filter((at): at is Date => at instanceof Date);
  return moments.length === 0 ? undefined : new Date(Math.min(...moments.map((at) => at.getTime())));
}

/**
 * When the next timed auction of `chainId` ends (or ended: one still running or settling past its end is due at
 * once), if any: when its settlement is due.
 */
export async function nextAuctionEnd(db: Database, chainId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(auctions.endsAt) })
    .from(auctions)
    .where(and(eq(auctions.chainId, chainId), inArray(auctions.status, ['running', 'settling'])));
  return row?.at instanceof Date ? row.at : undefined;
}
