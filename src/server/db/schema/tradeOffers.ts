/**
 * Trade offers, cards for cards: a signed Seaport order in which a collector gives one or more of their cards (and
 * optionally coin) for one card of another holder, who accepts it (fills it on chain), declines it, or counters
 * with an order of their own private to the collector (`counter_of` names the offer it answers). The cards each
 * side gives and asks are in the order itself; `contract_address`/`token_id` name the card the offer is for (the
 * token page lists its offers), `taker_address` its holder when it was made.
 *
 * @see ../../../features/trading/trade/tradeOrder.ts
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { addressCheck, chainId, hash32Check, id, oneOf, ref, timestamps, timestamptz, uint256 } from './columns.ts';

/** Values of `trade_offers.status`: only `open` ones can be answered; the others are final. */
export const TRADE_STATUSES = ['open', 'accepted', 'declined', 'countered', 'cancelled', 'expired'] as const;
/** A trade offer's status. */
export type TradeStatus = (typeof TRADE_STATUSES)[number];

export const tradeOffers = pgTable(
  'trade_offers',
  {
    id: id(),
    chainId: chainId().notNull(),
    exchange: text('exchange').notNull(),
    orderHash: text('order_hash').notNull().unique('trade_offers_order_hash_unique'),
    offererAddress: text('offerer_address').notNull(),
    /** Who may answer it: the holder of the wanted card (for a counter, the collector it answers). */
    takerAddress: text('taker_address').notNull(),
    /** The card the offer is for (for a counter, the card it gives). */
    contractAddress: text('contract_address').notNull(),
    tokenId: uint256('token_id').notNull(),
    /** Coin added (in `currency_code`'s smallest unit), or null. */
    coinAmount: uint256('coin_amount'),
    currencyCode: integer('currency_code'),
    counterOf: ref('counter_of').references((): AnyPgColumn => tradeOffers.id, { onDelete: 'set null' }),
    order: jsonb('order').$type<Record<string, unknown>>().notNull(),
    signature: text('signature').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    status: text('status', { enum: TRADE_STATUSES }).notNull().default('open'),
    closedAt: timestamptz('closed_at'),
    /** Block of the fill that accepted it, so a reorganisation can reopen it. */
    closedBlock: bigint('closed_block', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    addressCheck('trade_offers_offerer_address_format', t.offererAddress),
    addressCheck('trade_offers_taker_address_format', t.takerAddress),
    addressCheck('trade_offers_contract_address_format', t.contractAddress),
    addressCheck('trade_offers_exchange_format', t.exchange),
    hash32Check('trade_offers_order_hash_format', t.orderHash),
    oneOf('trade_offers_status_valid', t.status, TRADE_STATUSES),
    check('trade_offers_coin_currency', sql`(${t.coinAmount} is null) = (${t.currencyCode} is null)`),
    index('trade_offers_card_status_idx').on(t.chainId, t.contractAddress, t.tokenId, t.status),
    index('trade_offers_taker_status_idx').on(t.takerAddress, t.status),
  ],
);
