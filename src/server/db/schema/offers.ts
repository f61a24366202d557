/**
 * Offers: signed Seaport orders in which a collector gives an ERC-20 of the chain and asks for a card (a
 * token offer), for any card of a collection (a collection offer), or for any card holding a trait (a trait
 * offer: the criteria is the merkle root of the token ids that held the trait when the offer was made).
 *
 * @see ../../../features/trading/offer/offerRules.ts
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (criteria-based items)
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { categories } from './catalog.ts';
import { addressCheck, chainId, hash32Check, id, oneOf, ref, timestamps, timestamptz, uint256 } from './columns.ts';

/** Values of `offers.kind`. */
export const OFFER_KINDS = ['token', 'collection', 'trait'] as const;
/** One kind of offer. */
export type OfferKind = (typeof OFFER_KINDS)[number];

/** Values of `offers.status`: only `active` offers can be accepted; the others are final. */
export const OFFER_STATUSES = ['active', 'filled', 'cancelled', 'expired'] as const;
/** An offer's status. */
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Why an active offer cannot be accepted right now (`offers.inactive_reason`; null when it can). */
export const OFFER_INACTIVE_REASONS = [
  'balance',
  'allowance',
  'no_conduit',
  'cancelled',
  'filled',
  'counter',
  'expired',
] as const;
/** One reason. */
export type OfferInactiveReason = (typeof OFFER_INACTIVE_REASONS)[number];

export const offers = pgTable(
  'offers',
  {
    id: id(),
    chainId: chainId().notNull(),
    /** Seaport the order is signed for. */
    exchange: text('exchange').notNull(),
    orderHash: text('order_hash').notNull().unique('offers_order_hash_unique'),
    offererAddress: text('offerer_address').notNull(),
    kind: text('kind', { enum: OFFER_KINDS }).notNull(),
    /** The card contract (the collection). */
    contractAddress: text('contract_address').notNull(),
    categoryId: ref('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** The card a token offer asks for; null for collection and trait offers. */
    tokenId: uint256('token_id'),
    traitType: text('trait_type'),
    traitValue: text('trait_value'),
    /** Merkle root of a trait offer (0x + 64 hex). */
    criteriaRoot: text('criteria_root'),
    /** The token ids under the root, as decimal strings (the server builds proofs from them). */
    criteriaTokenIds: jsonb('criteria_token_ids').$type<string[]>(),
    currencyCode: integer('currency_code').notNull(),
    /** Price of one card, in the currency's smallest unit: what the offerer gives per card. */
    price: uint256('price').notNull(),
    /** How many cards the offer buys at most (collection and trait offers may ask for several). */
    quantity: integer('quantity').notNull().default(1),
    order: jsonb('order').$type<Record<string, unknown>>().notNull(),
    signature: text('signature').notNull(),
    counter: uint256('counter').notNull().default('0'),
    startsAt: timestamptz('starts_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('active'),
    inactiveReason: text('inactive_reason'),
    checkedAt: timestamptz('checked_at'),
    closedAt: timestamptz('closed_at'),
    /** Block of the chain event that closed it, so a reorganisation can reopen it. */
    closedBlock: bigint('closed_block', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    addressCheck('offers_contract_address_format', t.contractAddress),
    addressCheck('offers_offerer_address_format', t.offererAddress),
    addressCheck('offers_exchange_format', t.exchange),
    hash32Check('offers_order_hash_format', t.orderHash),
    oneOf('offers_kind_valid', t.kind, OFFER_KINDS),
    oneOf('offers_status_valid', t.status, OFFER_STATUSES),
    check('offers_price_positive', sql`${t.price} > 0`),
    check('offers_quantity_positive', sql`${t.quantity} between 1 and 100`),
    check('offers_token_kind', sql`(${t.kind} = 'token') = (${t.tokenId} is not null)`),
    check('offers_trait_kind', sql`(${t.kind} = 'trait') = (${t.criteriaRoot} is not null)`),
    check('offers_window_valid', sql`${t.expiresAt} > ${t.startsAt}`),
    index('offers_active_collection_idx').on(t.chainId, t.contractAddress, t.price).where(sql`${t.status} = 'active'`),
    index('offers_offerer_status_idx').on(t.offererAddress, t.status),
    index('offers_status_expires_at_idx').on(t.status, t.expiresAt),
    index('offers_closed_block_idx').on(t.chainId, t.closedBlock),
  ],
);
