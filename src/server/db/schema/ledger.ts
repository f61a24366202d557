/**
 * The ledger's proofs and checks (written by ../../../features/ledger/ only): what reached the platform's
 * payment address on chain (each receipt books at most one payable revenue), and the holds the reconciliation
 * puts on a currency whose payable bookings exceed what was received.
 *
 * @see ../../../../docs/architecture.md ("Money")
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
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
 * (chain, transaction, log, item), so reading a range again adds nothing. Rolled back with its block on a
 * reorganisation.
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
  },
  (t) => [
    unique('platform_receipts_position_unique').on(t.chainId, t.txHash, t.logIndex, t.itemIndex),
    oneOf('platform_receipts_source_valid', t.source, RECEIPT_SOURCES),
    hash32Check('platform_receipts_tx_hash_format', t.txHash),
    addressCheck('platform_receipts_token_format', t.token),
    check('platform_receipts_amount_positive', sql`${t.amount} > 0`),
    index('platform_receipts_currency_idx').on(t.chainId, t.currencyCode),
    index('platform_receipts_block_idx').on(t.chainId, t.blockNumber),
  ],
);

/**
 * A currency whose payable bookings exceeded what the platform received, found by the reconciliation: payouts
 * in it are held until an admin resolves the hold (saying what they found). `chainId` null is yen. One open
 * hold per currency.
 */
export const reconciliationHolds = pgTable(
  'reconciliation_holds',
  {
    id: id(),
    chainId: chainId(),
    currencyCode: integer('currency_code').notNull(),
    booked: uint256('booked').notNull(),
    received: uint256('received').notNull(),
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
