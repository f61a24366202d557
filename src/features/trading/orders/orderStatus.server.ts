/**
 * The one writer of an order's state: `sell_orders.status` and `offers.status` (and the reasons an active
 * one cannot be filled now) change here and nowhere else (`src/architecture.test.ts` checks it). Each change
 * is named for what happened: a listing stored, replaced, sold, cancelled, expired; an offer stored, filled,
 * cancelled, expired; a bid ended with its auction; what a chain reorganisation undoes. Only `active` orders
 * change (a final status stays), except {@link reopenAfterReorg}, which reopens what a dropped block closed.
 *
 * The callers decide when (the submit paths, the cancel endpoints, the indexer's events, order and offer
 * health, the auction settlement); this module decides how, with one formula each. What the change means to
 * someone (a card sold, a listing ended or unbuyable, an offer accepted) is told here too, in the same
 * transaction (../../notifications/orderNotices.server.ts), so each change notifies exactly once; so is what it
 * tells third parties (the feed and webhooks: ./orderEvents.server.ts), and where the cards now rank in the price
 * orders (../../catalogue/cardWrites.server.ts).
 */
import { and, eq, gt, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { refreshPriceRanks } from '~/features/catalogue/cardWrites.server';
import { noticeOfferAccepted, noticePriceAlerts, noticeToSeller } from '~/features/notifications/orderNotices.server';
import { offers, sellOrders } from '~/server/db/schema';
import type { OfferInactiveReason } from '~/server/db/schema/offers';
import type { UnbuyableReason } from '~/server/db/schema/trading';
import type { Database, Transaction } from '~/server/db/types';
import { ofCard } from './cardRows.server';
import { tellListingCreated, tellListingsCancelled, tellOfferCreated, tellOffersCancelled } from './orderEvents.server';

type Db = Database | Transaction;
/** A new listing's row, without its status (always `active`). */
export type NewListing = Omit<typeof sellOrders.$inferInsert, 'status' | 'id'>;
/** A new offer's row, without its status (always `active`). */
export type NewOffer = Omit<typeof offers.$inferInsert, 'status' | 'id'>;
/** When and (for a chain event) in which block an order closed, so a reorganisation can reopen it. */
export interface ClosedAt {
  at: Date;
  block?: bigint | number | undefined;
}

const closed = ({ at, block }: ClosedAt) => ({
  closedAt: at,
  ...(block === undefined ? {} : { closedBlock: Number(block) }),
});
const activeListing = (where: SQL | undefined) => and(where, eq(sellOrders.status, 'active'));
const activeOffer = (where: SQL | undefined) => and(where, eq(offers.status, 'active'));
const cardIds = (rows: { cardId: number | null }[]) => rows.flatMap((row) => (row.cardId === null ? [] : [row.cardId]));
/** The price ranks of the cards whose listings just changed (see the module comment). */
const reprice = (db: Db, rows: { cardId: number | null }[]) => refreshPriceRanks(db, cardIds(rows));
const categoryIds = (rows: { categoryId: number | null }[]) => [
  ...new Set(rows.flatMap((row) => (row.categoryId === null ? [] : [row.categoryId]))),
];

// Listings

/**
 * Stores a checked listing as `active`; undefined when the same order was stored meanwhile. Those with a price
 * alert on the card at or above its price are told; `replaced` are the listings it replaces ({@link replaceListings}).
 */
export async function insertListing(
  tx: Transaction,
  values: NewListing,
  replaced: readonly (typeof sellOrders.$inferSelect)[] = [],
) {
  const [row] = await tx
    .insert(sellOrders)
    .values({ ...values, status: 'active' })
    .onConflictDoNothing({ target: sellOrders.orderHash })
    .returning();
  if (row) await noticePriceAlerts(tx, row);
  if (row) await tellListingCreated(tx, row, replaced);
  if (row) await reprice(tx, [row]);
  return row;
}

/** Ends the seller's active listings of a card (a newer one replaces them: the newest signed is offered); the rows. */
export async function replaceListings(
  tx: Transaction,
  key: { chainId: number; contractAddress: string; tokenId: string; sellerAddress: string },
  at: Date,
) {
  const replaced = await tx
    .update(sellOrders)
    .set({ status: 'cancelled', closedAt: at })
    .where(activeListing(and(ofCard(sellOrders, key), eq(sellOrders.sellerAddress, key.sellerAddress))))
    .returning();
  await tellListingsCancelled(tx, replaced, 'replaced');
  await reprice(tx, replaced);
  return replaced;
}

/** Marks a listing sold by a fill (any earlier status but sold: the chain filled it); tells the seller. */
export async function markListingSold(tx: Transaction, listingId: number, when: ClosedAt): Promise<void> {
  const sold = await tx
    .update(sellOrders)
    .set({ status: 'sold', ...closed(when) })
    .where(and(eq(sellOrders.id, listingId), ne(sellOrders.status, 'sold')))
    .returning({ id: sellOrders.id, cardId: sellOrders.cardId });
  if (sold.length > 0) await noticeToSeller(tx, listingId, 'card_sold');
  await reprice(tx, sold);
}

/** Cancels one active listing (its seller cancelled it, or its card left them); the row, if it was active. */
export async function cancelListing(db: Db, listingId: number, when: ClosedAt) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sellOrders)
      .set({ status: 'cancelled', ...closed(when) })
      .where(activeListing(eq(sellOrders.id, listingId)))
      .returning();
    if (row) await tellListingsCancelled(tx, [row], 'cancelled');
    if (row) await reprice(tx, [row]);
    return row;
  });
}

/**
 * Marks every active listing past its end expired (all chains), telling each seller: how many, and the cards
 * whose listing ended.
 */
export async function expireListings(db: Db, now: Date): Promise<{ expired: number; cardIds: number[] }> {
  const rows = await db.transaction(async (tx) => {
    const ended = await tx
      .update(sellOrders)
      .set({ status: 'expired', closedAt: sql`${sellOrders.expiresAt}` })
      .where(activeListing(lte(sellOrders.expiresAt, now)))
      .returning({ id: sellOrders.id, cardId: sellOrders.cardId });
    for (const row of ended) await noticeToSeller(tx, row.id, 'listing_ended', { reason: 'expired' });
    await reprice(tx, ended);
    return ended;
  });
  return { expired: rows.length, cardIds: cardIds(rows) };
}

/**
 * Ends a timed auction's listing with its auction, unsold (nobody but the settlement account can fill it); the
 * seller hears that it ended without a winning bid (once: the listing ends once).
 */
export async function endAuctionListing(tx: Transaction, listingId: number, at: Date): Promise<void> {
  const [ended] = await tx
    .update(sellOrders)
    .set({ status: 'expired', closedAt: at })
    .where(activeListing(eq(sellOrders.id, listingId)))
    .returning({ id: sellOrders.id, cardId: sellOrders.cardId });
  if (ended) await noticeToSeller(tx, ended.id, 'listing_ended', { reason: 'unsold' });
  if (ended) await reprice(tx, [ended]);
}

/**
 * Stores why an active listing cannot be bought now (null when it can), as the order check found it; the
 * seller is told when it turns unbuyable for a reason (once per listing and reason). `filled` tells nobody: the
 * check read the chain ahead of the indexer, which records the sale and tells the seller it sold (a "cannot be
 * bought" beside "sold" would be false).
 */
export async function setListingReason(
  db: Db,
  listingId: number,
  reason: UnbuyableReason | null,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // A subquery in RETURNING reads the row as it was before this statement.
    const [row] = await tx
      .update(sellOrders)
      .set({ unbuyableReason: reason, checkedAt: at })
      .where(activeListing(eq(sellOrders.id, listingId)))
      .returning({
        previous: sql<string | null>`(select s.unbuyable_reason from ${sellOrders} s where s.id = ${listingId})`,
      });
    if (row && reason !== null && reason !== 'filled' && row.previous !== reason) {
      await noticeToSeller(tx, listingId, 'listing_unbuyable', { reason }, `:${reason}`);
    }
  });
}

/** Listings checked and found as they were: only their check time moves, all in one statement. */
export async function markListingsChecked(db: Db, listingIds: readonly number[], at: Date): Promise<void> {
  if (listingIds.length === 0) return;
  await db
    .update(sellOrders)
    .set({ checkedAt: at })
    .where(activeListing(inArray(sellOrders.id, [...listingIds])));
}

// Offers

/** Stores a checked offer as `active`; undefined when the same order was stored meanwhile. */
export async function insertOffer(tx: Transaction, values: NewOffer) {
  const [row] = await tx
    .insert(offers)
    .values({ ...values, status: 'active' })
    .onConflictDoNothing()
    .returning();
  if (row) await tellOfferCreated(tx, row);
  return row;
}

/** Marks an offer filled (its sales reached its quantity); tells its maker. */
export async function markOfferFilled(tx: Transaction, offerId: number, when: ClosedAt): Promise<void> {
  const filled = await tx
    .update(offers)
    .set({ status: 'filled', ...closed(when), inactiveReason: null })
    .where(and(eq(offers.id, offerId), ne(offers.status, 'filled')))
    .returning({ id: offers.id });
  if (filled.length > 0) await noticeOfferAccepted(tx, offerId);
}

/** Cancels one active offer (its offerer cancelled it, or the chain voided it); the row, if it was active. */
export async function cancelOffer(db: Db, offerId: number, when: ClosedAt) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(offers)
      .set({ status: 'cancelled', ...closed(when), inactiveReason: null, checkedAt: when.at })
      .where(activeOffer(eq(offers.id, offerId)))
      .returning();
    if (row) await tellOffersCancelled(tx, [row], 'cancelled');
    return row;
  });
}

/** Marks the active offers of a chain past their end expired; the collections whose offers changed. */
export async function expireOffers(db: Db, chainId: number, now: Date): Promise<number[]> {
  const rows = await db
    .update(offers)
    .set({ status: 'expired', closedAt: now, inactiveReason: null })
    .where(activeOffer(and(eq(offers.chainId, chainId), lte(offers.expiresAt, now))))
    .returning({ categoryId: offers.categoryId });
  return categoryIds(rows);
}

/**
 * Ends the active bids (offers) of an auction that is over, but the winning one: a bid is restricted to the
 * settlement account, which fills no other, so they can never be filled again.
 */
export async function endBids(tx: Transaction, offerIds: readonly number[], at: Date): Promise<void> {
  if (offerIds.length === 0) return;
  await tx
    .update(offers)
    .set({ status: 'expired', closedAt: at, inactiveReason: null })
    .where(activeOffer(inArray(offers.id, [...offerIds])));
}

/** Stores why an active offer cannot be accepted now (null when it can), as the offer check found it. */
export async function setOfferReason(
  db: Db,
  offerId: number,
  reason: OfferInactiveReason | null,
  at: Date,
): Promise<void> {
  await db
    .update(offers)
    .set({ inactiveReason: reason, checkedAt: at })
    .where(activeOffer(eq(offers.id, offerId)));
}

/** Makes an active listing due for its next check (the chain moved something it depends on). */
export async function recheckListingSoon(db: Db, listingId: number): Promise<void> {
  await db
    .update(sellOrders)
    .set({ checkedAt: null })
    .where(activeListing(eq(sellOrders.id, listingId)));
}

/** Makes the active offers of `offerers` on `chainId` due for their next check (their balance or allowance moved). */
export async function recheckOffersOf(db: Db, chainId: number, offerers: readonly string[]): Promise<void> {
  if (offerers.length === 0) return;
  await db
    .update(offers)
    .set({ checkedAt: null })
    .where(activeOffer(and(eq(offers.chainId, chainId), inArray(offers.offererAddress, [...offerers]))));
}

/** Offers checked and found as they were: only their check time moves, all in one statement. */
export async function markOffersChecked(db: Db, offerIds: readonly number[], at: Date): Promise<void> {
  if (offerIds.length === 0) return;
  await db
    .update(offers)
    .set({ checkedAt: at })
    .where(activeOffer(inArray(offers.id, [...offerIds])));
}

// Both

/** `OrderCancelled`: ends the listing or offer with this hash on the chain. */
export async function cancelOrderByHash(tx: Transaction, chainId: number, orderHash: string, when: ClosedAt) {
  const offerRows = await tx
    .update(offers)
    .set({ status: 'cancelled', ...closed(when), inactiveReason: null })
    .where(activeOffer(and(eq(offers.chainId, chainId), eq(offers.orderHash, orderHash))))
    .returning();
  const listingRows = await tx
    .update(sellOrders)
    .set({ status: 'cancelled', ...closed(when) })
    .where(activeListing(and(eq(sellOrders.chainId, chainId), eq(sellOrders.orderHash, orderHash))))
    .returning();
  await tellOffersCancelled(tx, offerRows, 'cancelled');
  await tellListingsCancelled(tx, listingRows, 'cancelled');
  await reprice(tx, listingRows);
}

/**
 * `CounterIncremented` (seen by the indexer or recorded by `cancel_all`): ends the offerer's active listings
 * and offers on that Seaport signed with a lower counter. How many listings ended, their cards, and the
 * collections whose offers changed.
 */
export async function cancelBelowCounter(
  db: Db,
  key: { chainId: number; exchange: string; offerer: string; counter: bigint },
  when: ClosedAt,
): Promise<{ listings: number; cardIds: number[]; offerCollections: number[] }> {
  const below = (column: typeof sellOrders.counter | typeof offers.counter) =>
    sql`${column} < ${key.counter.toString()}::numeric`;
  return db.transaction(async (tx) => {
    const listings = await tx
      .update(sellOrders)
      .set({ status: 'cancelled', ...closed(when) })
      .where(
        activeListing(
          and(
            eq(sellOrders.chainId, key.chainId),
            eq(sellOrders.exchange, key.exchange.toLowerCase()),
            eq(sellOrders.sellerAddress, key.offerer.toLowerCase()),
            below(sellOrders.counter),
          ),
        ),
      )
      .returning();
    const ended = await tx
      .update(offers)
      .set({ status: 'cancelled', ...closed(when), inactiveReason: null })
      .where(
        activeOffer(
          and(
            eq(offers.chainId, key.chainId),
            eq(offers.exchange, key.exchange.toLowerCase()),
            eq(offers.offererAddress, key.offerer.toLowerCase()),
            below(offers.counter),
          ),
        ),
      )
      .returning();
    await tellListingsCancelled(tx, listings, 'counter');
    await tellOffersCancelled(tx, ended, 'counter');
    await reprice(tx, listings);
    return { listings: listings.length, cardIds: cardIds(listings), offerCollections: categoryIds(ended) };
  });
}

/**
 * A reorganisation dropped the blocks after `after`: listings sold or cancelled and offers filled or
 * cancelled by an event in them are active again (unless past their end); offers are checked again soon.
 */
export async function reopenAfterReorg(tx: Transaction, chainId: number, after: number, now: Date) {
  const listings = await tx
    .update(sellOrders)
    .set({ status: 'active', closedAt: null, closedBlock: null })
    .where(
      and(
        eq(sellOrders.chainId, chainId),
        gt(sellOrders.closedBlock, after),
        inArray(sellOrders.status, ['sold', 'cancelled']),
        gt(sellOrders.expiresAt, now),
      ),
    )
    .returning({ id: sellOrders.id, cardId: sellOrders.cardId });
  await reprice(tx, listings);
  const reopenedOffers = await tx
    .update(offers)
    .set({ status: 'active', closedAt: null, closedBlock: null, checkedAt: null })
    .where(
      and(
        eq(offers.chainId, chainId),
        gt(offers.closedBlock, after),
        inArray(offers.status, ['filled', 'cancelled']),
        gt(offers.expiresAt, now),
      ),
    )
    .returning({ id: offers.id });
  return { listings, offers: reopenedOffers };
}
