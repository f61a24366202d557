/**
 * Trading: sell orders (signed Seaport listings) and the sales the indexer reads from chain events.
 *
 * @see docs/product-spec.md §3 (sell-card payload), §7 (POST /api/v1/sell_card)
 * @see https://github.com/ProjectOpenSea/seaport (OrderComponents, counter)
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { cards } from './catalog.ts';
import { addressCheck, chainId, hash32Check, id, oneOf, ref, timestamps, timestamptz, uint256 } from './columns.ts';
import { offers } from './offers.ts';
import { logPosition, tokenOnChain } from './onChain.ts';

/** Values of `sell_orders.status`. Only `active` orders can be bought; the others are final. */
export const ORDER_STATUSES = ['active', 'sold', 'cancelled', 'expired'] as const;

/**
 * How a listing sells (`sell_orders.sale_type`): at a fixed price, at a price declining from `price` to
 * `end_price` between its start and end (Dutch auction), or to the highest bid at the end of a timed auction.
 */
export const SALE_TYPES = ['fixed', 'declining', 'auction'] as const;
/** One sale type. */
export type SaleType = (typeof SALE_TYPES)[number];

/** Why an active order cannot be bought right now (`sell_orders.unbuyable_reason`, null when it can). */
export const UNBUYABLE_REASONS = [
  'not_owner',
  'no_conduit',
  'not_approved',
  'cancelled',
  'filled',
  'counter',
  'not_started',
  'expired',
  'royalty',
] as const;
/** One reason. */
export type UnbuyableReason = (typeof UNBUYABLE_REASONS)[number];
/** A sell order's status. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Sell orders: the spec's sell-card payload (chain_id, contract_address, token_id, price in wei as a
 * decimal string, signature, seller_address, exchange, currency_code) plus the full Seaport
 * OrderComponents (`order`), its hash, the seller's counter at signing and the validity window.
 */
export const sellOrders = pgTable(
  'sell_orders',
  {
    id: id(),
    ...tokenOnChain(),
    cardId: ref('card_id').references(() => cards.id, { onDelete: 'set null' }),
    /** What the buyer pays at the start (the whole price of a fixed-price listing). */
    price: uint256('price').notNull(),
    /** What a declining listing asks at its end (`expires_at`); null for the other sale types. */
    endPrice: uint256('end_price'),
    saleType: text('sale_type', { enum: SALE_TYPES }).notNull().default('fixed'),
    signature: text('signature').notNull(),
    sellerAddress: text('seller_address').notNull(),
    /** Address of the exchange contract (Seaport) the order is signed for. */
    exchange: text('exchange').notNull(),
    currencyCode: integer('currency_code').notNull(),
    /** Seaport OrderComponents as signed (uint256 fields as decimal strings). */
    order: jsonb('order').$type<Record<string, unknown>>().notNull(),
    orderHash: text('order_hash').notNull().unique('sell_orders_order_hash_unique'),
    counter: uint256('counter').notNull().default('0'),
    startsAt: timestamptz('starts_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('active'),
    closedAt: timestamptz('closed_at'),
    /** Block of the chain event that closed it (fill, cancel, counter), so a reorganisation can reopen it. */
    closedBlock: bigint('closed_block', { mode: 'number' }),
    /**
     * Why an active order cannot be bought right now (the seller no longer owns the card, the conduit lost
     * its approval, ...), as the order check last found it; null when it can. @see ../../../features/trading/orders/orderHealth.server.ts
     */
    unbuyableReason: text('unbuyable_reason'),
    checkedAt: timestamptz('checked_at'),
    ...timestamps(),
  },
  (t) => [
    addressCheck('sell_orders_contract_address_format', t.contractAddress),
    addressCheck('sell_orders_seller_address_format', t.sellerAddress),
    addressCheck('sell_orders_exchange_format', t.exchange),
    hash32Check('sell_orders_order_hash_format', t.orderHash),
    oneOf('sell_orders_status_valid', t.status, ORDER_STATUSES),
    oneOf('sell_orders_sale_type_valid', t.saleType, SALE_TYPES),
    check(
      'sell_orders_end_price_declines',
      sql`(${t.saleType} = 'declining') = (${t.endPrice} is not null) and (${t.endPrice} is null or (${t.endPrice} > 0 and ${t.endPrice} < ${t.price}))`,
    ),
    check('sell_orders_price_positive', sql`${t.price} > 0`),
    check('sell_orders_token_id_not_negative', sql`${t.tokenId} >= 0`),
    check('sell_orders_currency_code_not_negative', sql`${t.currencyCode} >= 0`),
    check('sell_orders_window_valid', sql`${t.expiresAt} > ${t.startsAt}`),
    index('sell_orders_active_token_idx')
      .on(t.chainId, t.contractAddress, t.tokenId)
      .where(sql`${t.status} = 'active'`),
    // A token's listings, newest first (the token page's activity).
    index('sell_orders_token_created_idx').on(t.chainId, t.contractAddress, t.tokenId, t.createdAt),
    index('sell_orders_seller_status_idx').on(t.sellerAddress, t.status),
    index('sell_orders_status_expires_at_idx').on(t.status, t.expiresAt),
    index('sell_orders_closed_block_idx').on(t.chainId, t.closedBlock),
  ],
);

/**
 * What a sale was (`sales.kind`): a card sold for money (`sale`), or a card that changed hands in a trade, cards
 * for cards with or without coin added (`trade`, features/trading/trade/): a trade has no price of its
 * own (its coin, if any, is only part of what the card went for), so price history, last sale and the
 * collections' volume and sales counts leave trades out; activity and the ledger still see them.
 */
export const SALE_KINDS = ['sale', 'trade'] as const;

/**
 * Sales as read from the exchange's fulfilment events: one row per (chain, transaction, log index), so
 * the indexer can replay blocks without double counting.
 */
export const sales = pgTable(
  'sales',
  {
    id: id(),
    chainId: chainId().notNull(),
    orderId: ref('order_id').references(() => sellOrders.id, { onDelete: 'set null' }),
    /** The stored offer an owner accepted, when the sale is one. */
    offerId: ref('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    cardId: ref('card_id').references(() => cards.id, { onDelete: 'set null' }),
    contractAddress: text('contract_address').notNull(),
    tokenId: uint256('token_id').notNull(),
    buyerAddress: text('buyer_address').notNull(),
    sellerAddress: text('seller_address').notNull(),
    price: uint256('price').notNull(),
    currencyCode: integer('currency_code').notNull(),
    platformFee: uint256('platform_fee').notNull().default('0'),
    royalty: uint256('royalty').notNull().default('0'),
    kind: text('kind', { enum: SALE_KINDS }).notNull().default('sale'),
    ...logPosition(),
    soldAt: timestamptz('sold_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('sales_chain_tx_log_unique').on(t.chainId, t.txHash, t.logIndex),
    addressCheck('sales_contract_address_format', t.contractAddress),
    addressCheck('sales_buyer_address_format', t.buyerAddress),
    addressCheck('sales_seller_address_format', t.sellerAddress),
    hash32Check('sales_tx_hash_format', t.txHash),
    check('sales_amounts_not_negative', sql`${t.price} >= 0 and ${t.platformFee} >= 0 and ${t.royalty} >= 0`),
    oneOf('sales_kind_valid', t.kind, SALE_KINDS),
    check('sales_block_not_negative', sql`${t.blockNumber} >= 0 and ${t.logIndex} >= 0`),
    index('sales_token_idx').on(t.chainId, t.contractAddress, t.tokenId),
    index('sales_buyer_idx').on(t.buyerAddress),
    index('sales_seller_idx').on(t.sellerAddress),
    index('sales_sold_at_idx').on(t.soldAt),
    index('sales_offer_idx').on(t.offerId),
    // A collection's sales in a time range: its daily stats and price history (market).
    index('sales_contract_sold_at_idx').on(t.chainId, t.contractAddress, t.soldAt),
  ],
);

/**
 * Every ERC-721 `Transfer` of a catalogue card the indexer has read (mints have `from` = the zero address):
 * the source of a card's transfer history, and what a reorganisation rolls back. Unique per (chain,
 * transaction, log index), so re-reading a range adds nothing.
 */
export const cardTransfers = pgTable(
  'card_transfers',
  {
    id: id(),
    ...tokenOnChain(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    ...logPosition(),
    transferredAt: timestamptz('transferred_at').notNull(),
  },
  (t) => [
    unique('card_transfers_chain_tx_log_unique').on(t.chainId, t.txHash, t.logIndex),
    addressCheck('card_transfers_contract_address_format', t.contractAddress),
    addressCheck('card_transfers_from_address_format', t.fromAddress),
    addressCheck('card_transfers_to_address_format', t.toAddress),
    hash32Check('card_transfers_tx_hash_format', t.txHash),
    index('card_transfers_token_idx').on(t.chainId, t.contractAddress, t.tokenId, t.blockNumber),
    index('card_transfers_block_idx').on(t.chainId, t.blockNumber),
  ],
);
