/**
 * What third parties build on: the market's events as the feed and webhooks carry them (`events`, written once per
 * fact in the transaction that made the fact), the API keys people make, and the webhook endpoints with their
 * durable outbox of deliveries.
 *
 * @see ../../../features/events/marketEvents.server.ts (the one writer of `events`),
 *   ../../../features/developers/ (keys, webhooks, the feed), docs/developers.md
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { chainId, id, oneOf, ref, requiredRef, timestamptz } from './columns.ts';

/**
 * The kinds of market event the feed and webhooks carry. `sale.reverted` and `transfer.reverted` say that a
 * chain reorganisation threw away the block of an earlier `sale` or `transfer` (the feed only appends).
 */
export const MARKET_EVENT_TYPES = [
  'sale',
  'sale.reverted',
  'listing.created',
  'listing.cancelled',
  'offer.created',
  'offer.accepted',
  'offer.cancelled',
  'transfer',
  'transfer.reverted',
  'card.issued',
  'price.changed',
] as const;
/** One of {@link MARKET_EVENT_TYPES}. */
export type MarketEventType = (typeof MARKET_EVENT_TYPES)[number];

/**
 * One market event, recorded once per fact (`fact_key`, e.g. `sale:12`) in the writer's transaction. `id` is the
 * order of insertion, which concurrent transactions may commit out of; `seq` is the public id (`evt_{seq}`),
 * given to committed events in one order by one sequencer at a time, so a reader that saw `evt_9` never later
 * meets an `evt_8` (../../../features/events/marketEvents.server.ts `sequenceEvents`). Kept 30 days.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }),
    factKey: text('fact_key').notNull(),
    type: text('type', { enum: MARKET_EVENT_TYPES }).notNull(),
    chainId: chainId(),
    contractAddress: text('contract_address'),
    collectionId: ref('collection_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_fact_key_unique').on(t.factKey),
    uniqueIndex('events_seq_unique').on(t.seq),
    index('events_unsequenced_idx').on(t.id).where(sql`${t.seq} is null`),
    index('events_contract_seq_idx').on(t.contractAddress, t.seq),
    oneOf('events_type_valid', t.type, MARKET_EVENT_TYPES),
  ],
);

/**
 * An API key: `kf_{prefix}_{secret}` shown once; stored as its prefix (to find it) and the SHA-256 of the whole
 * key (a random 32-byte secret needs no slow hash). Revoked keys stay, so their use is refused by name.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_prefix_unique').on(t.prefix), index('api_keys_user_idx').on(t.userId)],
);

/** Why an endpoint stopped receiving: it answered 410 Gone, or it failed for the whole retry window. */
export const WEBHOOK_DISABLED_REASONS = ['gone', 'failing'] as const;

/**
 * A webhook endpoint: where a user's chosen event types are delivered (Standard Webhooks 1.0), signed with
 * `secret` and, during a rotation's grace period, `previous_secret` too. `cursor_seq` is the last event the
 * outbox looked at for it; `next_attempt_at`, `failures` and `failing_since` are the endpoint's retry state
 * (deliveries go in order, so a failing endpoint waits as one).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    url: text('url').notNull(),
    eventTypes: jsonb('event_types').$type<MarketEventType[]>().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamptz('previous_secret_expires_at'),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamptz('disabled_at'),
    disabledReason: text('disabled_reason', { enum: WEBHOOK_DISABLED_REASONS }),
    cursorSeq: bigint('cursor_seq', { mode: 'number' }).notNull().default(0),
    failures: integer('failures').notNull().default(0),
    failingSince: timestamptz('failing_since'),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    claimedAt: timestamptz('claimed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhooks_user_idx').on(t.userId),
    oneOf('webhooks_disabled_reason_valid', t.disabledReason, WEBHOOK_DISABLED_REASONS),
  ],
);

/** Where a delivery stands. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * The webhook outbox: one row per endpoint and event (`event_seq`), pending until the endpoint answers 2xx;
 * failed when the endpoint failed for the whole retry window or was disabled; replay sets rows pending again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhookId: requiredRef('webhook_id', () => webhooks.id, 'cascade'),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_webhook_event_unique').on(t.webhookId, t.eventSeq),
    index('webhook_deliveries_pending_idx').on(t.webhookId, t.eventSeq).where(sql`${t.status} = 'pending'`),
    oneOf('webhook_deliveries_status_valid', t.status, DELIVERY_STATUSES),
  ],
);
