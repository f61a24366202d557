/**
 * Favourites, follows and notifications: what brings a user back. Favourites and follows belong to a wallet
 * user (illustrators sign in as their linked user too); notifications store a kind and its parameters, and are
 * rendered in the reader's language when read. Email addresses live here and nowhere else, never in a page.
 *
 * @see docs/architecture.md (features `social`, `notifications`)
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { illustrators, users } from './accounts.ts';
import { cards, categories } from './catalog.ts';
import { id, keyRef, oneOf, ref, requiredRef, timestamptz, uint256 } from './columns.ts';

/**
 * A user's favourite card (the heart), with an optional price alert: `alertBelow`, in the smallest unit of the
 * card's chain's coin (wei), tells the user when the card is listed at or below it (in the coin or its wrapped
 * form).
 */
export const favorites = pgTable(
  'favorites',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    cardId: requiredRef('card_id', () => cards.id, 'cascade'),
    alertBelow: uint256('alert_below'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cardId] }), index('favorites_card_id_idx').on(t.cardId)],
);

/** A user following a creator (an illustrator). */
export const creatorFollows = pgTable(
  'creator_follows',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    creatorId: requiredRef('creator_id', () => illustrators.id, 'cascade'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.creatorId] }), index('creator_follows_creator_id_idx').on(t.creatorId)],
);

/** A user following a collection (a category). */
export const collectionFollows = pgTable(
  'collection_follows',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    collectionId: requiredRef('collection_id', () => categories.id, 'cascade'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.collectionId] }),
    index('collection_follows_collection_id_idx').on(t.collectionId),
  ],
);

/**
 * One notification: `kind` (see features/notifications/kinds.ts) and its `params`, rendered in the reader's
 * language at read time. `eventKey` names the event that caused it, unique per user and kind, so an event
 * handled twice (a retry, a restart, a second process) notifies once (`INSERT ... ON CONFLICT DO NOTHING`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull().default({}),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('notifications_user_kind_event_unique').on(t.userId, t.kind, t.eventKey),
    index('notifications_user_id_idx').on(t.userId, t.id),
    index('notifications_created_at_idx').on(t.createdAt),
  ],
);

/**
 * The events a gathered notification counts (features/notifications/kinds.ts `GATHERED_KINDS`: several offers in a
 * few minutes are one notification "5 new offers"): one row per (user, kind, event key), so an event handled
 * twice counts once, as the unique key of `notifications` does for the other kinds.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.eventKey] })],
);

/**
 * The lowest offer for a card of a collection that tells its owner (`offer_received`), in the smallest unit of the
 * collection's chain's coin (an offer in the coin or its wrapped form is compared; one in another token tells).
 * `0` tells every offer. Without a row, an offer under half the collection's floor in its coin tells no one.
 */
export const offerNoticeMinimums = pgTable(
  'offer_notice_minimums',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    categoryId: requiredRef('category_id', () => categories.id, 'cascade'),
    minPrice: uint256('min_price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.categoryId] }),
    check('offer_notice_minimums_min_price_valid', sql`${t.minPrice} >= 0`),
  ],
);

/** Where a notification kind goes for a user: in the app, by email too, or nowhere. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'off'] as const;
/** One of {@link NOTIFICATION_CHANNELS}. */
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A user's choice per kind; a kind without a row uses its default (features/notifications/kinds.ts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    kind: text('kind').notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    oneOf('notification_preferences_channel_valid', t.channel, NOTIFICATION_CHANNELS),
  ],
);

/**
 * A user's email address (one per user), confirmed by a signed link before any mail but the confirmation is
 * sent to it (double opt-in). Never shown in a page or a public API.
 */
export const userEmails = pgTable(
  'user_emails',
  {
    userId: keyRef('user_id', () => users.id, 'cascade'),
    email: text('email').notNull(),
    /** The language its mail is written in (the site's language when the address was added). */
    locale: text('locale').notNull().default('ja'),
    confirmedAt: timestamptz('confirmed_at'),
    /**
     * A random secret made anew each time an address is added (or added again), signed into its confirmation
     * link with a hash of the address: a link confirms the address it was mailed to, and no link of an earlier
     * address (deleted, replaced, or the same one added again) ever works once another was added.
     */
    nonce: text('nonce').notNull().default(sql`gen_random_uuid()::text`),
    bouncedAt: timestamptz('bounced_at'),
    complainedAt: timestamptz('complained_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('user_emails_email_shape', sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$'`),
    oneOf('user_emails_locale_valid', t.locale, ['ja', 'en']),
  ],
);

/**
 * Mail waiting to be sent (the durable outbox): a job claims a due row (`claimed_at`, under `FOR UPDATE SKIP
 * LOCKED`), sends it, marks it sent; a failure sets the next attempt with backoff. `dedupeKey` makes queueing
 * the same mail twice a no-op.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    dedupeKey: text('dedupe_key').notNull().unique('mail_outbox_dedupe_key_unique'),
    userId: ref('user_id').references(() => users.id, { onDelete: 'restrict' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    claimedAt: timestamptz('claimed_at'),
    sentAt: timestamptz('sent_at'),
    failedAt: timestamptz('failed_at'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`)],
);

/** One weekly digest per user and ISO week (`2026-W48`): the row is taken before the mail is queued. */
export const digestRuns = pgTable(
  'digest_runs',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    isoWeek: text('iso_week').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.isoWeek] })],
);
