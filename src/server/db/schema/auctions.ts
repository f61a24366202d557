/**
 * Timed auctions (English): a listing that sells to the highest bid when it ends. The listing is a restricted
 * Seaport order whose zone is the platform's settlement account, so only that account can fill it, by
 * matching it with the winning bid (a token offer) once the auction is over. Bids are offers, tied to their
 * auction by `auction_bids`.
 *
 * @see ../../../features/trading/auction/auctionRules.ts
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (restricted orders, matchAdvancedOrders)
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { setByAdmin } from './accounts.ts';
import { addressCheck, chainId, id, oneOf, ref, requiredRef, timestamps, timestamptz, uint256 } from './columns.ts';
import { offers } from './offers.ts';
import { tokenOnChain } from './onChain.ts';
import { sellOrders } from './trading.ts';

/**
 * Values of `auctions.status`: `running` takes bids until `ends_at`; `settling` has a settlement transaction
 * sent (`settle_tx_hash`, the signed transaction kept in `settle_raw_tx` so a restart sends the same one);
 * `settled` sold to the winning bid; `unsold` ended without a valid bid at or above the reserve, or the
 * listing could not be filled; `cancelled` by the seller before the first bid.
 */
export const AUCTION_STATUSES = ['running', 'settling', 'settled', 'unsold', 'cancelled'] as const;
/** One status. */
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

export const auctions = pgTable(
  'auctions',
  {
    id: id(),
    sellOrderId: requiredRef('sell_order_id', () => sellOrders.id, 'cascade'),
    ...tokenOnChain(),
    sellerAddress: text('seller_address').notNull(),
    currencyCode: integer('currency_code').notNull(),
    /** The lowest winning bid (gross: fee and royalty are paid out of it). */
    reservePrice: uint256('reserve_price').notNull(),
    /** How much a bid must beat the highest by, in basis points of the highest. */
    minStepBps: integer('min_step_bps').notNull(),
    /** When bidding ends; a bid in the last minutes moves it later. */
    endsAt: timestamptz('ends_at').notNull(),
    /** The end the seller chose. */
    scheduledEndsAt: timestamptz('scheduled_ends_at').notNull(),
    /** The latest `ends_at` can move to (the listing must stay fillable for the settlement). */
    latestEndsAt: timestamptz('latest_ends_at').notNull(),
    status: text('status', { enum: AUCTION_STATUSES }).notNull().default('running'),
    winningOfferId: ref('winning_offer_id').references(() => offers.id, { onDelete: 'set null' }),
    settleTxHash: text('settle_tx_hash'),
    settleRawTx: text('settle_raw_tx'),
    /** Why the last settlement attempt found nothing to sell, for the seller and the back-office. */
    outcome: text('outcome'),
    /** Settlements that failed with no one to blame (the auction ends unsold after a few). */
    settleAttempts: integer('settle_attempts').notNull().default(0),
    settledAt: timestamptz('settled_at'),
    ...timestamps(),
  },
  (t) => [
    unique('auctions_sell_order_unique').on(t.sellOrderId),
    addressCheck('auctions_contract_address_format', t.contractAddress),
    addressCheck('auctions_seller_address_format', t.sellerAddress),
    oneOf('auctions_status_valid', t.status, AUCTION_STATUSES),
    check('auctions_reserve_positive', sql`${t.reservePrice} > 0`),
    check('auctions_step_valid', sql`${t.minStepBps} between 1 and 10000`),
    check('auctions_end_window', sql`${t.endsAt} <= ${t.latestEndsAt}`),
    check('auctions_settling_has_tx', sql`${t.status} <> 'settling' or ${t.settleRawTx} is not null`),
    check('auctions_settle_attempts_not_negative', sql`${t.settleAttempts} >= 0`),
    index('auctions_due_idx').on(t.status, t.endsAt),
    index('auctions_token_idx').on(t.chainId, t.contractAddress, t.tokenId),
  ],
);

/** The offers placed as bids on an auction (each offer bids on one auction at most). */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: id(),
    auctionId: requiredRef('auction_id', () => auctions.id, 'cascade'),
    offerId: requiredRef('offer_id', () => offers.id, 'cascade'),
    price: uint256('price').notNull(),
    bidderAddress: text('bidder_address').notNull(),
    /** Set when the settlement found the bid could not pay (balance, allowance, cancelled). */
    invalidReason: text('invalid_reason'),
    placedAt: timestamptz('placed_at').notNull().defaultNow(),
  },
  (t) => [
    unique('auction_bids_offer_unique').on(t.offerId),
    addressCheck('auction_bids_bidder_format', t.bidderAddress),
    index('auction_bids_auction_price_idx').on(t.auctionId, t.price),
  ],
);

/**
 * The lowest reserve an auction may have, per chain and currency, as an admin set it (`/admins/platform-fee`):
 * a settlement costs the platform its gas, so an auction must be worth at least that much in fee. A chain and
 * currency with no row use the default of ../../../features/trading/auction/auctionReserve.server.ts.
 */
export const auctionMinReserves = pgTable(
  'auction_min_reserves',
  {
    chainId: chainId().notNull(),
    currencyCode: integer('currency_code').notNull(),
    /** In the currency's smallest unit. */
    minReserve: uint256('min_reserve').notNull(),
    ...setByAdmin(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.currencyCode] }),
    check('auction_min_reserves_positive', sql`${t.minReserve} > 0`),
  ],
);
