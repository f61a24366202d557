/**
 * Card payments through Stripe: the webhook events received, one row per event id, so an event Stripe sends
 * again (it delivers at least once, in any order) is acted on once.
 *
 * @see ../../../features/payments/stripeWebhook.server.ts
 */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

export const stripeEvents = pgTable('stripe_events', {
  /** Stripe's event id (`evt_...`). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The id of the event's object (`pi_...`, `acct_...`), when it has one. */
  objectId: text('object_id'),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});
