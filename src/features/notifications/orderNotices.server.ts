/**
 * Notifications about listings and offers, for trading's one writer of order status
 * (../trading/orders/orderStatus.server.ts) and its auction bids: each reads who to tell from the order's row,
 * in the caller's transaction, so it is created exactly when the status change commits, and once per order
 * and kind (the event key is the order's id).
 */
import { sql } from 'drizzle-orm';
import { coinOf, currencyForChainId } from '~/features/chains/currencies';
import { cards, favorites, offers, sellOrders, users } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { priceText } from '~/ui/data/priceText';
import type { NotificationKind, NotificationParams } from './kinds';
import { cardParams, notifyUser, notifyWallet } from './notify.server';
import { offerMinimumOf } from './offerMinimums.server';
import { offerTellsOwner } from './offerThreshold';

type Db = Database | Transaction;

/** A listing's seller and its card (by the token, as a listing stored before its card was known has none). */
const listingSql = (listingId: number) => sql`select s.seller_address, c.id as card_id from ${sellOrders} s
  left join ${cards} c on (c.chain_id, c.contract_address, c.token_id) = (s.chain_id, s.contract_address, s.token_id)
  where s.id = ${listingId}`;

/** Tells a listing's seller (`card_sold`, `listing_ended`, `listing_unbuyable`); `extra` joins the params. */
export async function noticeToSeller(
  db: Db,
  listingId: number,
  kind: Extract<NotificationKind, 'card_sold' | 'listing_ended' | 'listing_unbuyable'>,
  extra: NotificationParams = {},
  eventSuffix = '',
): Promise<void> {
  const rows = await db.execute<{ seller_address: string; card_id: unknown }>(listingSql(listingId));
  const listing = rows.rows[0];
  if (!listing) return;
  const card = await cardParams(db, listing.card_id === null ? null : Number(listing.card_id));
  await notifyWallet(db, listing.seller_address, {
    kind,
    eventKey: `listing:${listingId}${eventSuffix}`,
    params: { ...card, ...extra },
  });
}

/** The card a token offer is for (null for a collection or trait offer), its offerer, price and collection. */
async function offerRow(db: Db, offerId: number) {
  const rows = await db.execute<{
    offerer_address: string;
    card_id: unknown;
    owner_address: string | null;
    price: string;
    currency_code: unknown;
    category_id: unknown;
  }>(sql`
    select o.offerer_address, c.id as card_id, c.owner_address, o.price::text as price, o.currency_code,
      o.category_id from ${offers} o
    left join ${cards} c on o.kind = 'token' and (c.chain_id, c.contract_address, c.token_id) = (o.chain_id, o.contract_address, o.token_id)
    where o.id = ${offerId}`);
  return rows.rows[0];
}

/** Tells an offer's maker it was accepted (`offer_accepted`: an offer filled, an auction's bid won). */
export async function noticeOfferAccepted(db: Db, offerId: number): Promise<void> {
  const offer = await offerRow(db, offerId);
  if (!offer) return;
  const card = await cardParams(db, offer.card_id === null ? null : Number(offer.card_id));
  await notifyWallet(db, offer.offerer_address, { kind: 'offer_accepted', eventKey: `offer:${offerId}`, params: card });
}

/**
 * Tells a card's owner an offer for it arrived (`offer_received`), unless it is below what they asked to hear of
 * (./offerThreshold.ts: their minimum for the collection, or else half of `floor`, the collection's floor in the
 * offer's coin, null without one); collection and trait offers tell no one.
 */
export async function noticeOfferReceived(db: Db, offerId: number, floor: bigint | null): Promise<void> {
  const offer = await offerRow(db, offerId);
  if (!offer?.owner_address || offer.card_id === null) return;
  if (offer.owner_address === offer.offerer_address) return;
  const weighed = { price: BigInt(offer.price), currencyCode: Number(offer.currency_code) };
  const categoryId = offer.category_id === null ? null : Number(offer.category_id);
  if (!offerTellsOwner(weighed, await offerMinimumOf(db, offer.owner_address, categoryId), floor)) return;
  const card = await cardParams(db, Number(offer.card_id));
  await notifyWallet(db, offer.owner_address, { kind: 'offer_received', eventKey: `offer:${offerId}`, params: card });
}

/**
 * A bid placed on an auction: tells the seller (`bid_received`) and the bidder it outranked (`outbid`, when
 * another wallet held the highest standing bid before it).
 */
export async function noticeBidPlaced(
  db: Db,
  bid: { offerId: number; listingId: number; bidderAddress: string; previousBidder: string | undefined },
): Promise<void> {
  const rows = await db.execute<{ seller_address: string; card_id: unknown }>(listingSql(bid.listingId));
  const listing = rows.rows[0];
  if (!listing) return;
  const card = await cardParams(db, listing.card_id === null ? null : Number(listing.card_id));
  await notifyWallet(db, listing.seller_address, {
    kind: 'bid_received',
    eventKey: `bid:${bid.offerId}`,
    params: card,
  });
  const previous = bid.previousBidder?.toLowerCase();
  if (previous && previous !== bid.bidderAddress.toLowerCase()) {
    await notifyWallet(db, previous, { kind: 'outbid', eventKey: `bid:${bid.offerId}`, params: card });
  }
}

/** A listing as {@link noticePriceAlerts} reads it. */
export interface ListedPrice {
  id: number;
  cardId: number | null;
  chainId: number;
  price: string;
  currencyCode: number;
  sellerAddress: string;
}

/**
 * A card was listed: tells each user whose favourite it is, with a price alert at or above the listing's price
 * (`favorite_price_below`), the seller aside. Alerts are in the chain's coin, so a listing in the coin or its
 * wrapped form counts (the same value); one in another token does not. Once per listing and user.
 */
export async function noticePriceAlerts(db: Db, listing: ListedPrice): Promise<void> {
  if (listing.cardId === null) return;
  const coin = currencyForChainId(listing.chainId);
  if (coin === undefined || coinOf(listing.currencyCode) !== coinOf(coin)) return;
  const rows = await db.execute<{ user_id: unknown; alert_below: string }>(sql`
    select f.user_id, f.alert_below::text as alert_below from ${favorites} f join ${users} u on u.id = f.user_id
    where f.card_id = ${listing.cardId} and f.alert_below >= ${listing.price}
      and u.wallet_address <> ${listing.sellerAddress.toLowerCase()}`);
  if (rows.rows.length === 0) return;
  const card = await cardParams(db, listing.cardId);
  const price = priceText(listing.price, listing.currencyCode);
  for (const row of rows.rows) {
    await notifyUser(db, Number(row.user_id), {
      kind: 'favorite_price_below',
      eventKey: `listing:${listing.id}`,
      params: { ...card, price, alert: priceText(row.alert_below, coinOf(coin)) },
    });
  }
}
