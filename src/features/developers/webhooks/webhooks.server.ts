/**
 * A user's webhook endpoints: register one (`{url, events}`: the URL checked as ./webhookUrl.server.ts says, its
 * secret `whsec_…` shown once in the answer), list them, delete one, rotate its secret (the old one keeps signing
 * beside the new for {@link ROTATION_GRACE_MS}, so a receiver can switch without losing a delivery), and replay
 * from an event (its deliveries from there become pending again, in order; a disabled endpoint is enabled again).
 * An endpoint starts at the newest event: it receives what happens after it was made (replay reaches back).
 *
 * @see ./outbox.server.ts (delivery), ../../../../docs/developers.md (webhooks)
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { sequenceEvents } from '~/features/events/marketEvents.server';
import { conflict, notFound, unprocessable } from '~/server/api/errors';
import { type MarketEventType, webhookDeliveries, webhooks } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { eventId } from '../feed/eventIds';
import { checkCursor, feedBounds } from '../feed/feedEvents.server';
import { newWebhookSecret } from './signature';
import { checkWebhookUrl, type Resolve } from './webhookUrl.server';

/** Endpoints a user may have. */
export const MAX_WEBHOOKS_PER_USER = 10;
/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_GRACE_MS = 24 * 3_600_000;

/** An endpoint as its owner sees it (never its secret, but when it is made or rotated). */
export interface WebhookView {
  id: number;
  url: string;
  events: MarketEventType[];
  enabled: boolean;
  disabled_reason: 'gone' | 'failing' | null;
  disabled_at: string | null;
  failing_since: string | null;
  created_at: string;
}

type Row = typeof webhooks.$inferSelect;

function view(row: Row): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.eventTypes,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What checking a URL needs. */
export interface UrlPolicy {
  allowLoopback: boolean;
  resolve?: Resolve;
}

/** Registers an endpoint for `userId` (see the module comment). */
export async function createWebhook(
  db: Database,
  userId: number,
  input: { url: string; events: MarketEventType[] },
  policy: UrlPolicy,
): Promise<WebhookView & { secret: string }> {
  const checked = await checkWebhookUrl(input.url, policy);
  await sequenceEvents(db);
  const { newest } = await feedBounds(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${userId}`}, 0))`);
    const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(webhooks).where(eq(webhooks.userId, userId));
    if ((held?.n ?? 0) >= MAX_WEBHOOKS_PER_USER) {
      throw conflict(`At most ${MAX_WEBHOOKS_PER_USER} webhooks; delete one first`);
    }
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhooks)
      .values({
        userId,
        url: checked.url.toString(),
        eventTypes: [...new Set(input.events)],
        secret,
        cursorSeq: newest,
      })
      .returning();
    if (!row) throw new Error('webhook insert returned nothing');
    return { ...view(row), secret };
  });
}

/** The user's endpoints, oldest first. */
export async function listWebhooks(db: Database, userId: number): Promise<WebhookView[]> {
  const rows = await db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(asc(webhooks.id));
  return rows.map(view);
}

async function ownWebhook(db: Database, userId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
  if (!row) throw notFound('No such webhook');
  return row;
}

/** Deletes one of the user's endpoints with its deliveries (404 for another's). */
export async function deleteWebhook(db: Database, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning({ id: webhooks.id });
  if (gone.length === 0) throw notFound('No such webhook');
}

/** A new secret for one of the user's endpoints; the old one signs too until the grace period ends. */
export async function rotateWebhookSecret(db: Database, userId: number, id: number, now = new Date()) {
  const row = await ownWebhook(db, userId, id);
  const secret = newWebhookSecret();
  const expires = new Date(now.getTime() + ROTATION_GRACE_MS);
  await db
    .update(webhooks)
    .set({ secret, previousSecret: row.secret, previousSecretExpiresAt: expires })
    .where(eq(webhooks.id, id));
  return { id, secret, previous_secret_expires_at: expires.toISOString() };
}

/**
 * Delivers again, in order, every event of the endpoint's types from `fromSeq` on (see the module comment): 410
 * when those events are no longer kept, 422 for an id that is not ours.
 */
export async function replayWebhook(db: Database, userId: number, id: number, fromSeq: number, now = new Date()) {
  await ownWebhook(db, userId, id);
  await sequenceEvents(db);
  if (fromSeq < 1) throw unprocessable('Replay starts at an event (evt_1 or later)');
  await checkCursor(db, fromSeq - 1);
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, lastError: null })
      .where(and(eq(webhookDeliveries.webhookId, id), gte(webhookDeliveries.eventSeq, fromSeq)));
    await tx
      .update(webhooks)
      .set({
        cursorSeq: sql`least(${webhooks.cursorSeq}, ${fromSeq - 1})`,
        enabled: true,
        disabledAt: null,
        disabledReason: null,
        failures: 0,
        failingSince: null,
        nextAttemptAt: now,
      })
      .where(eq(webhooks.id, id));
  });
  return { id, replay_from: eventId(fromSeq), enabled: true };
}
