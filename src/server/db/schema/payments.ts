/**
 * Card payments through Stripe: primary sales of new cards ("drops": a design on sale in yen, its serials
 * minted one by one to the buyers), each purchase from its reserved serial to the mint, and the webhook
 * events received, one row per event id, so an event Stripe sends again (it delivers at least once, in any
 * order) is acted on once.
 *
 * @see ../../../features/payments/
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { illustrators, users } from './accounts.ts';
import { categories } from './catalog.ts';
import { addressCheck, id, keyRef, oneOf, ref, requiredRef, timestamps, timestamptz, uint256 } from './columns.ts';
import { paymentHistories, payouts } from './finance.ts';
import { contractOnChain } from './onChain.ts';

/** A design on sale for yen: `serials` cards, minted as they are bought, from `starts_at` to `ends_at`. */
export const cardDrops = pgTable(
  'card_drops',
  {
    id: id(),
    illustratorId: requiredRef('illustrator_id', () => illustrators.id, 'cascade'),
    categoryId: requiredRef('category_id', () => categories.id, 'cascade'),
    ...contractOnChain(),
    /** The design issued on the Card contract (its serials are minted on purchase). */
    designId: uint256('design_id').notNull(),
    /** Block of the design's issue: where a recovery looks for its mints. */
    issuedBlock: bigint('issued_block', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull(),
    priceJpy: integer('price_jpy').notNull(),
    serials: integer('serials').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    ...timestamps(),
  },
  (t) => [
    addressCheck('card_drops_contract_address_format', t.contractAddress),
    check('card_drops_price_range', sql`${t.priceJpy} between 100 and 1000000`),
    check('card_drops_serials_range', sql`${t.serials} between 1 and 1000`),
    check('card_drops_window_valid', sql`${t.endsAt} > ${t.startsAt}`),
    index('card_drops_category_idx').on(t.categoryId, t.endsAt),
  ],
);

/** Values of `card_purchases.status`, in the order a purchase moves through them. */
export const PURCHASE_STATUSES = ['pending', 'paid', 'minting', 'minted', 'refunding', 'refunded', 'expired'] as const;
/** A purchase's status. */
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** One buyer's purchase of one serial of a drop, from the reserved serial to the card in their wallet. */
export const cardPurchases = pgTable(
  'card_purchases',
  {
    id: id(),
    dropId: requiredRef('drop_id', () => cardDrops.id, 'restrict'),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    buyerAddress: text('buyer_address').notNull(),
    /**
     * The network the hold was asked from (`networkOf(locals.client.ip)`: an IPv4 address or an IPv6 /64): one
     * network may hold only a share of a drop's serials (../../../features/payments/holdRules.ts). Null for
     * purchases from before it was kept.
     */
    buyerNetwork: text('buyer_network'),
    amountJpy: integer('amount_jpy').notNull(),
    /** Which of the drop's serials it holds while pending or after (1..serials). */
    slot: integer('slot').notNull(),
    paymentIntentId: text('payment_intent_id').unique('card_purchases_payment_intent_unique'),
    paymentId: ref('payment_id').references(() => paymentHistories.id, { onDelete: 'set null' }),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    mintAttempts: integer('mint_attempts').notNull().default(0),
    tokenId: uint256('token_id'),
    /** The mint's transaction, stored signed before it is sent: a restart sends the same one again. */
    mintTxHash: text('mint_tx_hash'),
    mintRawTx: text('mint_raw_tx'),
    failure: text('failure'),
    paidAt: timestamptz('paid_at'),
    mintedAt: timestamptz('minted_at'),
    ...timestamps(),
  },
  (t) => [
    addressCheck('card_purchases_buyer_address_format', t.buyerAddress),
    oneOf('card_purchases_status_valid', t.status, PURCHASE_STATUSES),
    // A serial is held by one live purchase at most: the drop can never be oversold. A purchase being refunded
    // (its mint failed, or it was paid after its hold ran out) holds none.
    uniqueIndex('card_purchases_live_slot_unique')
      .on(t.dropId, t.slot)
      .where(sql`${t.status} in ('pending', 'paid', 'minting', 'minted')`),
    // A minted token belongs to one purchase: two minters can never both adopt it.
    uniqueIndex('card_purchases_token_unique').on(t.dropId, t.tokenId).where(sql`${t.tokenId} is not null`),
    check('card_purchases_mint_tx_pair', sql`(${t.mintRawTx} is null) or (${t.mintTxHash} is not null)`),
    index('card_purchases_drop_status_idx').on(t.dropId, t.status),
    index('card_purchases_status_idx').on(t.status),
    index('card_purchases_user_idx').on(t.userId),
  ],
);

export const stripeEvents = pgTable('stripe_events', {
  /** Stripe's event id (`evt_...`). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The id of the event's object (`pi_...`, `acct_...`), when it has one. */
  objectId: text('object_id'),
  /** The event as received (signature checked), so one that could not be applied can be applied again. */
  payload: jsonb('payload').$type<Record<string, unknown>>(),
  /** Why applying it failed (kept, answered 2xx, tried again by a job); null once applied. */
  failure: text('failure'),
  attempts: integer('attempts').notNull().default(0),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
  appliedAt: timestamptz('applied_at'),
});

/** Values of `stripe_accounts.status` (see ../../../features/payments/connectStatus.ts). */
export const STRIPE_ACCOUNT_STATUSES = ['pending', 'verified', 'restricted'] as const;
/** A connected account's status. */
export type StripeAccountStatus = (typeof STRIPE_ACCOUNT_STATUSES)[number];

/** An illustrator's Stripe Connect (Express) account, where their yen payouts go. */
export const stripeAccounts = pgTable(
  'stripe_accounts',
  {
    illustratorId: keyRef('illustrator_id', () => illustrators.id, 'cascade'),
    accountId: text('account_id').notNull().unique('stripe_accounts_account_unique'),
    status: text('status', { enum: STRIPE_ACCOUNT_STATUSES }).notNull().default('pending'),
    ...timestamps(),
  },
  (t) => [oneOf('stripe_accounts_status_valid', t.status, STRIPE_ACCOUNT_STATUSES)],
);

/** The Stripe transfer of an approved yen payout (one per payout: its idempotency key is the payout's id). */
export const payoutTransfers = pgTable('payout_transfers', {
  payoutId: keyRef('payout_id', () => payouts.id, 'cascade'),
  transferId: text('transfer_id').notNull().unique('payout_transfers_transfer_unique'),
  accountId: text('account_id').notNull(),
  /** The reversal an admin asked for (`trr_...`), when one was made. */
  reversalId: text('reversal_id'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** A chargeback of a card payment, as Stripe reports it (`charge.dispute.*`). */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    /** Stripe's dispute id (`dp_...`). */
    id: text('id').primaryKey(),
    paymentId: requiredRef('payment_id', () => paymentHistories.id, 'restrict'),
    amount: uint256('amount').notNull(),
    status: text('status').notNull(),
    ...timestamps(),
  },
  (t) => [
    check('payment_disputes_amount_positive', sql`${t.amount} > 0`),
    index('payment_disputes_payment_idx').on(t.paymentId),
  ],
);
