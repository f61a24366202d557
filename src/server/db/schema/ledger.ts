/**
 * The ledger's proofs and checks (written by ../../../features/ledger/ only): what reached the platform's
 * payment address on chain (each receipt books at most one payable revenue), the fills the ledger booked
 * revenue from, and the holds the reconciliation puts on a currency whose payable bookings exceed what was
 * received. A reorganisation deletes none of these: it marks what it threw away `reversed_at` and the ledger
 * books reversal entries (`revenues.entry = 'reorg'`).
 *
 * @see ../../../../docs/architecture.md ("Money")
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './accounts.ts';
import { addressCheck, chainId, hash32Check, id, oneOf, ref, timestamptz, uint256 } from './columns.ts';

/**
 * Values of `platform_receipts.source`: a consideration item of a fill paid to the payment address (Seaport pays
 * every consideration item in full, in every fulfilment path), or an ERC-20 `Transfer` to it in the fill's
 * transaction that no consideration item accounts for (an offer's tokens the platform received as the card's
 * seller).
 */
export const RECEIPT_SOURCES = ['consideration', 'transfer'] as const;
/** How a receipt was proven. */
export type ReceiptSource = (typeof RECEIPT_SOURCES)[number];

/**
 * Money that reached the platform's payment address in a fill, by where the chain says so: unique per
 * (chain, transaction, log, item) among the receipts still on the chain, so reading a range again adds nothing.
 * A reorganisation that throws its block away marks it `reversed_at` (it no longer counts as received); the
 * canonical chain's fill records it again as a new receipt.
 */
export const platformReceipts = pgTable(
  'platform_receipts',
  {
    id: id(),
    chainId: chainId().notNull(),
    txHash: text('tx_hash').notNull(),
    /** The `OrderFulfilled` log (consideration) or the `Transfer` log (transfer). */
    logIndex: integer('log_index').notNull(),
    /** The consideration item's index in the event; 0 for a transfer. */
    itemIndex: integer('item_index').notNull(),
    source: text('source', { enum: RECEIPT_SOURCES }).notNull(),
    /** Lower-case token address; the zero address for the native coin. */
    token: text('token').notNull(),
    currencyCode: integer('currency_code').notNull(),
    amount: uint256('amount').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    receivedAt: timestamptz('received_at').notNull(),
    /** When a reorganisation threw its block away; null while it stands. */
    reversedAt: timestamptz('reversed_at'),
  },
  (t) => [
    uniqueIndex('platform_receipts_position_unique')
      .on(t.chainId, t.txHash, t.logIndex, t.itemIndex)
      .where(sql`${t.reversedAt} is null`),
    oneOf('platform_receipts_source_valid', t.source, RECEIPT_SOURCES),
    hash32Check('platform_receipts_tx_hash_format', t.txHash),
    addressCheck('platform_receipts_token_format', t.token),
    check('platform_receipts_amount_positive', sql`${t.amount} > 0`),
    index('platform_receipts_currency_idx').on(t.chainId, t.currencyCode),
    index('platform_receipts_block_idx').on(t.chainId, t.blockNumber),
  ],
);

/**
 * A fill the ledger booked revenue from (the `OrderFulfilled` log of a sale of a stored order): the ledger's
 * own record of where its sale entries came from, so no table outside the ledger reaches into it (the
 * catalogue's `sales` row of the same fill, unique on the same position, can go with a reorganisation while
 * these entries stay and are reversed). Unique per position among the fills still on the chain; its block
 * decides when its payable entries become final (`indexer_cursors.final_block`).
 */
export const fillBookings = pgTable(
  'fill_bookings',
  {
    id: id(),
    chainId: chainId().notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    soldAt: timestamptz('sold_at').notNull(),
    /**
     * What the sale was for and what the platform fee of it was, in `currencyCode` (smallest unit): the gross
     * sales and fees of the illustrators' statements and invoices. Null for fills booked before they were kept.
     */
    price: uint256('price'),
    platformFee: uint256('platform_fee'),
    currencyCode: integer('currency_code'),
    /** When a reorganisation threw its block away (its entries were reversed); null while it stands. */
    reversedAt: timestamptz('reversed_at'),
  },
  (t) => [
    uniqueIndex('fill_bookings_position_unique')
      .on(t.chainId, t.txHash, t.logIndex)
      .where(sql`${t.reversedAt} is null`),
    hash32Check('fill_bookings_tx_hash_format', t.txHash),
    check('fill_bookings_position_not_negative', sql`${t.blockNumber} >= 0 and ${t.logIndex} >= 0`),
    index('fill_bookings_block_idx').on(t.chainId, t.blockNumber),
  ],
);

/**
 * A currency whose payable bookings exceeded what the platform received, or with entries that do not match their
 * receipts, found by the reconciliation: payouts in it are held until an admin resolves the hold (saying what
 * they found). `chainId` null is yen. One open hold per currency.
 */
export const reconciliationHolds = pgTable(
  'reconciliation_holds',
  {
    id: id(),
    chainId: chainId(),
    currencyCode: integer('currency_code').notNull(),
    booked: uint256('booked').notNull(),
    received: uint256('received').notNull(),
    /** Payable entries of fills that did not match their receipt when last checked. */
    mismatches: integer('mismatches').notNull().default(0),
    detectedAt: timestamptz('detected_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: ref('resolved_by').references(() => admins.id, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('reconciliation_holds_open_unique')
      .on(sql`coalesce(${t.chainId}, 0)`, t.currencyCode)
      .where(sql`${t.resolvedAt} is null`),
    check('reconciliation_holds_resolved_note', sql`${t.resolvedAt} is null or ${t.note} is not null`),
  ],
);
