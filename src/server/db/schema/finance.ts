/**
 * Money: illustrators' revenues booked from sales, their payout requests, the platform fee per chain and
 * card (fiat) payment histories from the payment provider.
 *
 * @see docs/product-spec.md §2 (/dashboard/revenues, /dashboard/payouts, /admins/platform-fee,
 *   /admins/stripe_payment_histories)
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins, illustrators, setByAdmin, users } from './accounts.ts';
import { cards } from './catalog.ts';
import {
  addressCheck,
  chainId,
  hash32Check,
  id,
  oneOf,
  ref,
  requiredRef,
  timestamps,
  timestamptz,
  uint256,
} from './columns.ts';
import { fillBookings, platformReceipts } from './ledger.ts';

/** Values of `revenues.kind`: the first sale of a card, or a royalty on a resale (ERC-2981). */
export const REVENUE_KINDS = ['primary', 'royalty'] as const;
/** A revenue's kind. */
export type RevenueKind = (typeof REVENUE_KINDS)[number];

/**
 * Values of `revenues.settlement`: `onchain` = the chain paid it straight to the illustrator's wallet
 * (reported, never paid out again); `payable` = the platform collected it on the illustrator's behalf (to
 * its own payment address, or by card payment) and owes it: only these balances can be requested as payouts.
 */
export const REVENUE_SETTLEMENTS = ['onchain', 'payable'] as const;
/** How a revenue reached (or will reach) the illustrator. */
export type RevenueSettlement = (typeof REVENUE_SETTLEMENTS)[number];

/**
 * Values of `payouts.status` (../../../features/ledger/payoutStates.ts moves them): requested -> approved ->
 * (yen: transferred to the illustrator's payment account ->) paid; `rejected` ends a request before any money
 * moved; `reversed` ends a yen payout whose transfer came back whole.
 */
export const PAYOUT_STATUSES = ['requested', 'approved', 'transferred', 'paid', 'rejected', 'reversed'] as const;
/** A payout's status. */
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Values of `payment_histories.status` (`refunded`: in full; a partial refund keeps `succeeded`). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded', 'cancelled'] as const;

/**
 * Values of `revenues.entry`, what booked the row: a fill (`sale`), a delivered card payment
 * (`card_payment`), the reversals of a card payment (`refund` and `dispute`, negative), the return of a won
 * dispute (`dispute_won`, positive), and the reversal of a sale entry whose block a reorganisation threw away
 * (`reorg`, negative, naming the entry it reverses).
 */
export const REVENUE_ENTRIES = ['sale', 'card_payment', 'refund', 'dispute', 'dispute_won', 'reorg'] as const;
/** What booked a revenue row. */
export type RevenueEntry = (typeof REVENUE_ENTRIES)[number];
/** A card payment's status. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The ledger's entries (written by ../../../features/ledger/ only): an illustrator's revenue from one on-chain
 * fill (`fillId`, the ledger's own record of it) or one card payment (`paymentId`), in one currency, settled on
 * chain or payable by the platform. A payable entry from a fill names the platform receipt it consumed
 * (`receiptId`, unique: each receipt pays once). A card payment books one entry per fact (`entry`, `ref`: the
 * delivery, each refund by its cumulative amount, each dispute by its id), so booking again is idempotent;
 * reversals are negative. A fill's entry thrown away by a reorganisation is never deleted: a `reorg` entry of
 * the opposite amount names it (`reversesId`, unique: reversed once). Card payments have no chain. Nothing
 * outside the ledger deletes into this table (no cascade).
 */
export const revenues = pgTable(
  'revenues',
  {
    id: id(),
    illustratorId: requiredRef('illustrator_id', () => illustrators.id, 'restrict'),
    fillId: ref('fill_id').references(() => fillBookings.id, { onDelete: 'restrict' }),
    paymentId: ref('payment_id').references((): AnyPgColumn => paymentHistories.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: REVENUE_KINDS }).notNull(),
    settlement: text('settlement', { enum: REVENUE_SETTLEMENTS }).notNull().default('onchain'),
    entry: text('entry', { enum: REVENUE_ENTRIES }).notNull().default('sale'),
    /** Which fact of a card payment booked it (a refund's cumulative amount, a dispute's id); '' otherwise. */
    ref: text('ref').notNull().default(''),
    receiptId: ref('receipt_id').references((): AnyPgColumn => platformReceipts.id, { onDelete: 'restrict' }),
    /** The sale entry a `reorg` entry reverses. */
    reversesId: ref('reverses_id').references((): AnyPgColumn => revenues.id, { onDelete: 'restrict' }),
    chainId: chainId(),
    /** Negative for a reversal (`refund`, `dispute`). */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    currencyCode: integer('currency_code').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Received on chain: one row per fill, kind and currency; payable: one row per receipt consumed.
    uniqueIndex('revenues_sale_item_unique')
      .on(t.fillId, t.illustratorId, t.kind, t.currencyCode, t.settlement)
      .where(sql`${t.receiptId} is null and ${t.entry} = 'sale'`),
    unique('revenues_payment_entry_unique').on(t.paymentId, t.entry, t.ref),
    unique('revenues_receipt_unique').on(t.receiptId),
    unique('revenues_reverses_unique').on(t.reversesId),
    oneOf('revenues_kind_valid', t.kind, REVENUE_KINDS),
    oneOf('revenues_settlement_valid', t.settlement, REVENUE_SETTLEMENTS),
    oneOf('revenues_entry_valid', t.entry, REVENUE_ENTRIES),
    check('revenues_one_source', sql`(${t.fillId} is null) <> (${t.paymentId} is null)`),
    check('revenues_payments_payable', sql`${t.paymentId} is null or ${t.settlement} = 'payable'`),
    check('revenues_sales_have_chain', sql`${t.fillId} is null or ${t.chainId} is not null`),
    check('revenues_entry_source', sql`(${t.entry} in ('sale', 'reorg')) = (${t.fillId} is not null)`),
    check('revenues_reversal_names_entry', sql`(${t.entry} = 'reorg') = (${t.reversesId} is not null)`),
    check(
      'revenues_amount_sign',
      sql`case when ${t.entry} in ('refund', 'dispute', 'reorg') then ${t.amount} <= 0 else ${t.amount} >= 0 end`,
    ),
    // A payable entry of a sale without a receipt can only be older than receipts: the reconciliation counts it
    // as booked but not received, so it shows (and holds its currency) until an admin looks.
    check(
      'revenues_receipt_is_payable_sale',
      sql`${t.receiptId} is null or (${t.entry} = 'sale' and ${t.settlement} = 'payable')`,
    ),
    index('revenues_illustrator_id_idx').on(t.illustratorId, t.createdAt),
    index('revenues_fill_id_idx').on(t.fillId),
    index('revenues_payable_idx').on(t.chainId, t.currencyCode).where(sql`${t.settlement} = 'payable'`),
  ],
);

/**
 * A payout an illustrator requested from a payable balance, reviewed by an admin, then paid: crypto to
 * `walletAddress` (`txHash`), yen (chain null) to the illustrator's payment account.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    illustratorId: requiredRef('illustrator_id', () => illustrators.id, 'restrict'),
    chainId: chainId(),
    amount: uint256('amount').notNull(),
    currencyCode: integer('currency_code').notNull(),
    /** The wallet a crypto payout goes to; null for a yen payout (paid to the illustrator's payment account). */
    walletAddress: text('wallet_address'),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    /** What came back of a yen payout's transfer (Stripe's `amount_reversed`); the rest stays paid. */
    reversedAmount: uint256('reversed_amount').notNull().default('0'),
    /** Why it was rejected (shown to the illustrator), or an admin's note. */
    reason: text('reason'),
    txHash: text('tx_hash'),
    reviewedBy: ref('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    approvedAt: timestamptz('approved_at'),
    /**
     * When the yen transfer step began (set under the row lock before Stripe is asked, kept if it fails): from
     * then on the payout cannot be rejected, only transferred again (same idempotency key) or reversed.
     */
    transferStartedAt: timestamptz('transfer_started_at'),
    transferredAt: timestamptz('transferred_at'),
    paidAt: timestamptz('paid_at'),
    rejectedAt: timestamptz('rejected_at'),
    reversedAt: timestamptz('reversed_at'),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    oneOf('payouts_status_valid', t.status, PAYOUT_STATUSES),
    check('payouts_reversed_within_amount', sql`${t.reversedAmount} >= 0 and ${t.reversedAmount} <= ${t.amount}`),
    check('payouts_reversed_whole', sql`${t.status} <> 'reversed' or ${t.reversedAmount} = ${t.amount}`),
    addressCheck('payouts_wallet_address_format', t.walletAddress),
    hash32Check('payouts_tx_hash_format', t.txHash),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    check('payouts_crypto_has_wallet', sql`${t.chainId} is null or ${t.walletAddress} is not null`),
    index('payouts_illustrator_id_idx').on(t.illustratorId, t.requestedAt),
    index('payouts_status_idx').on(t.status),
  ],
);

/** Platform fee per chain in basis points (0..10000 = 0..100 %), added to each Seaport order. */
export const platformFees = pgTable(
  'platform_fees',
  {
    chainId: chainId().primaryKey(),
    feeBps: integer('fee_bps').notNull(),
    ...setByAdmin(),
  },
  (t) => [check('platform_fees_fee_bps_range', sql`${t.feeBps} between 0 and 10000`)],
);

/**
 * What the platform keeps of a card (fiat) payment before the rest becomes the illustrator's payable
 * balance: its own fee and the payment provider's fee, both in basis points of the amount (one row, id 1).
 */
export const cardPaymentFees = pgTable(
  'card_payment_fees',
  {
    id: integer('id').primaryKey().default(1),
    platformFeeBps: integer('platform_fee_bps').notNull().default(1000),
    providerFeeBps: integer('provider_fee_bps').notNull().default(360),
    /** Days a card payment's payable yen waits before it can be paid out (chargebacks land first). */
    payableHoldDays: integer('payable_hold_days').notNull().default(14),
    ...setByAdmin(),
  },
  (t) => [
    check('card_payment_fees_single_row', sql`${t.id} = 1`),
    check(
      'card_payment_fees_bps_range',
      sql`${t.platformFeeBps} between 0 and 5000 and ${t.providerFeeBps} between 0 and 5000`,
    ),
    check('card_payment_fees_hold_days_range', sql`${t.payableHoldDays} between 0 and 120`),
  ],
);

/**
 * Card (fiat) payments reported by the payment provider; `amount` is in the currency's smallest unit
 * (yen, cents), `currency` an ISO 4217 code. Unique per provider payment id so webhooks can repeat.
 */
export const paymentHistories = pgTable(
  'payment_histories',
  {
    id: id(),
    provider: text('provider').notNull().default('stripe'),
    providerPaymentId: text('provider_payment_id').notNull(),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardId: ref('card_id').references(() => cards.id, { onDelete: 'set null' }),
    amount: uint256('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** How much of it was refunded so far (Stripe's `amount_refunded`, cumulative). */
    refundedAmount: uint256('refunded_amount').notNull().default('0'),
    /** The provider's event or object, as received. */
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (t) => [
    unique('payment_histories_provider_payment_unique').on(t.provider, t.providerPaymentId),
    oneOf('payment_histories_status_valid', t.status, PAYMENT_STATUSES),
    check('payment_histories_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('payment_histories_amount_not_negative', sql`${t.amount} >= 0`),
    check('payment_histories_refund_within_amount', sql`${t.refundedAmount} between 0 and ${t.amount}`),
    index('payment_histories_user_id_idx').on(t.userId),
    index('payment_histories_created_at_idx').on(t.createdAt),
  ],
);
