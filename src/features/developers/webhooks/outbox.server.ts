/**
 * The webhook outbox, run by a job in every server process (./webhookJobs.server.ts), in the mail outbox's way
 * (../../notifications/mail/outbox.server.ts): nothing is lost when an endpoint or this server is down.
 *
 * 1. Fan-out: each enabled endpoint whose cursor is behind the newest event gets a pending delivery per event of
 *    its types after its cursor, and its cursor moves on, in one transaction under the endpoint's row lock
 *    (`FOR UPDATE SKIP LOCKED`: two processes never fan out one endpoint at once).
 * 2. Sending: due endpoints with pending deliveries are claimed (`claimed_at`, `SKIP LOCKED`; a claim older than
 *    {@link CLAIM_TTL_MS} is taken again) and their deliveries sent oldest first, each signed as Standard Webhooks
 *    1.0 says (./signature.ts), until one fails: deliveries to one endpoint go in order, so a failing endpoint
 *    waits as one. A 2xx answer delivers; anything else fails the attempt and the endpoint waits (exponential
 *    backoff from `retryBaseMs`, doubled per failure up to six hours, with jitter), at least once per delivery
 *    (a crash between the answer and the mark sends it again; `webhook-id` lets the receiver tell).
 * 3. An endpoint answering 410 Gone, or failing for the whole retry window (three days by default), is disabled,
 *    its pending deliveries kept as failed (replay sends them again), and its owner notified.
 *
 * @see https://www.standardwebhooks.com/, ./webhookSettings.ts
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { notifyUser } from '~/features/notifications/notify.server';
import { webhookDeliveries, webhooks } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { eventSeq } from '../feed/eventIds';
import { eventsAfter, type FeedEvent } from '../feed/feedEvents.server';
import type { DeliveryOutcome } from './deliver.server';
import { webhookHeaders } from './signature';
import type { WebhookSettings } from './webhookSettings';

/** How long a claim holds before another pass may take the endpoint again. */
export const CLAIM_TTL_MS = 5 * 60_000;
/** Endpoints one pass sends to at most. */
const ENDPOINTS_PER_PASS = 20;
/** Deliveries one endpoint gets at most per pass. */
const DELIVERIES_PER_ENDPOINT = 50;
/** Events one fan-out reads per endpoint at most. */
const FANOUT_PAGE = 500;
/** The longest wait between attempts. */
const MAX_BACKOFF_MS = 6 * 3_600_000;

/** Sends one delivery: the URL, the body and its signed headers. */
export type Deliver = (url: string, body: string, headers: Record<string, string>) => Promise<DeliveryOutcome>;

/** Wait before the attempt after `failures` failures: doubled each time, at most six hours, half of it random. */
export function retryDelayMs(failures: number, baseMs: number, random = Math.random): number {
  const full = Math.min(baseMs * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
  return Math.round(full / 2 + random() * (full / 2));
}

/** Step 1 (see the module comment): how many deliveries were queued. */
export async function fanOut(db: Database): Promise<number> {
  const newest = await db.execute<{ n: unknown }>(sql`select coalesce(max(seq), 0) as n from events`);
  const top = Number(newest.rows[0]?.n ?? 0);
  const behind = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.enabled, true), lt(webhooks.cursorSeq, top)));
  let queued = 0;
  for (const { id } of behind) {
    queued += await db.transaction(async (tx) => {
      const locked = await tx.execute<{ cursor_seq: unknown; event_types: string[] }>(
        sql`select cursor_seq, event_types from ${webhooks} where id = ${id} and enabled for update skip locked`,
      );
      const row = locked.rows[0];
      if (!row) return 0;
      const cursor = Number(row.cursor_seq);
      const seen = await tx.execute<{ seq: unknown; type: string }>(
        sql`select seq, type from events where seq > ${cursor} order by seq limit ${FANOUT_PAGE}`,
      );
      if (seen.rows.length === 0) return 0;
      const wanted = seen.rows.filter((event) => row.event_types.includes(event.type));
      if (wanted.length > 0) {
        await tx
          .insert(webhookDeliveries)
          .values(wanted.map((event) => ({ webhookId: id, eventSeq: Number(event.seq) })))
          .onConflictDoNothing();
      }
      const last = Number(seen.rows.at(-1)?.seq ?? cursor);
      await tx.update(webhooks).set({ cursorSeq: last }).where(eq(webhooks.id, id));
      return wanted.length;
    });
  }
  return queued;
}

/** Claims up to `limit` due endpoints with pending deliveries. */
async function claimEndpoints(db: Database, now: Date, limit: number) {
  const stale = new Date(now.getTime() - CLAIM_TTL_MS);
  const claimed = await db.execute<{ id: unknown }>(sql`
    update ${webhooks} set claimed_at = ${now}
    where id in (
      select w.id from ${webhooks} w
      where w.enabled and w.next_attempt_at <= ${now} and (w.claimed_at is null or w.claimed_at < ${stale})
        and exists (select 1 from ${webhookDeliveries} d where d.webhook_id = w.id and d.status = 'pending')
      order by w.next_attempt_at limit ${limit} for update skip locked)
    returning id`);
  const ids = claimed.rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db.select().from(webhooks).where(inArray(webhooks.id, ids));
}

/** The signing secrets of an endpoint now: its own, and the previous one during a rotation's grace period. */
function signingSecrets(endpoint: typeof webhooks.$inferSelect, now: Date): string[] {
  const previous =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
      ? [endpoint.previousSecret]
      : [];
  return [endpoint.secret, ...previous];
}

/** The events of these deliveries, by number. */
async function eventsOf(db: Database, seqs: readonly number[]): Promise<Map<number, FeedEvent>> {
  if (seqs.length === 0) return new Map();
  const first = Math.min(...seqs) - 1;
  const last = Math.max(...seqs);
  const found = await eventsAfter(db, first, {}, last - first);
  return new Map(found.map((event) => [eventSeq(event.id) ?? 0, event]));
}

/** Disables an endpoint (410, or failing for the whole window): its pending deliveries fail; its owner hears. */
async function disable(db: Database, endpoint: typeof webhooks.$inferSelect, reason: 'gone' | 'failing', now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(webhooks)
      .set({ enabled: false, disabledAt: now, disabledReason: reason, claimedAt: null })
      .where(eq(webhooks.id, endpoint.id));
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(and(eq(webhookDeliveries.webhookId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
    await notifyUser(tx, endpoint.userId, {
      kind: 'webhook_disabled',
      eventKey: `webhook:${endpoint.id}:${now.getTime()}`,
      params: { url: endpoint.url, cause: reason },
    });
  });
}

/** Sends one endpoint's due deliveries in order until one fails (see the module comment); how many went. */
async function sendTo(
  db: Database,
  endpoint: typeof webhooks.$inferSelect,
  deliver: Deliver,
  settings: Pick<WebhookSettings, 'retryBaseMs' | 'retryWindowMs'>,
  now: Date,
): Promise<number> {
  const due = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, endpoint.id), eq(webhookDeliveries.status, 'pending')))
    .orderBy(asc(webhookDeliveries.eventSeq))
    .limit(DELIVERIES_PER_ENDPOINT);
  const events = await eventsOf(
    db,
    due.map((row) => row.eventSeq),
  );
  let sent = 0;
  for (const delivery of due) {
    const event = events.get(delivery.eventSeq);
    if (!event) {
      // Pruned past its retention while it waited: kept as failed.
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: 'the event is no longer kept' })
        .where(eq(webhookDeliveries.id, delivery.id));
      continue;
    }
    const body = JSON.stringify(event);
    const attemptAt = new Date();
    const outcome = await deliver(
      endpoint.url,
      body,
      webhookHeaders(signingSecrets(endpoint, attemptAt), event.id, Math.floor(attemptAt.getTime() / 1000), body),
    );
    const status = 'status' in outcome ? outcome.status : null;
    const ok = status !== null && status >= 200 && status < 300;
    await db
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatus: status,
        lastError: 'error' in outcome ? outcome.error : ok ? null : `HTTP ${status}`,
        lastAttemptAt: attemptAt,
        ...(ok ? { status: 'delivered' as const, deliveredAt: attemptAt } : {}),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (ok) {
      sent += 1;
      continue;
    }
    if (status === 410) {
      await disable(db, endpoint, 'gone', attemptAt);
      return sent;
    }
    // Failing since the first failure with no delivery after it.
    const failingSince = sent === 0 && endpoint.failingSince ? endpoint.failingSince : attemptAt;
    if (attemptAt.getTime() - failingSince.getTime() >= settings.retryWindowMs) {
      await disable(db, endpoint, 'failing', attemptAt);
      return sent;
    }
    const failures = sent === 0 ? endpoint.failures + 1 : 1;
    await db
      .update(webhooks)
      .set({
        failures,
        failingSince,
        claimedAt: null,
        nextAttemptAt: new Date(attemptAt.getTime() + retryDelayMs(failures, settings.retryBaseMs)),
      })
      .where(eq(webhooks.id, endpoint.id));
    return sent;
  }
  await db
    .update(webhooks)
    .set({ failures: 0, failingSince: null, claimedAt: null, nextAttemptAt: now })
    .where(eq(webhooks.id, endpoint.id));
  return sent;
}

/** Step 2 and 3 (see the module comment): one pass; how many deliveries were made. */
export async function sendDueDeliveries(
  db: Database,
  deliver: Deliver,
  settings: Pick<WebhookSettings, 'retryBaseMs' | 'retryWindowMs'>,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (const endpoint of await claimEndpoints(db, now, ENDPOINTS_PER_PASS)) {
    try {
      sent += await sendTo(db, endpoint, deliver, settings, now);
    } catch (error) {
      console.error(`[webhooks] endpoint ${endpoint.id}: a pass failed`, String(error));
      await db
        .update(webhooks)
        .set({ claimedAt: null })
        .where(and(eq(webhooks.id, endpoint.id), or(isNull(webhooks.claimedAt), lte(webhooks.claimedAt, now))));
    }
  }
  return sent;
}

/** Deletes deliveries older than the events' retention that are no longer pending (a job). */
export async function pruneDeliveries(db: Database, keepDays: number, now = new Date()): Promise<void> {
  await db
    .delete(webhookDeliveries)
    .where(
      and(
        lt(webhookDeliveries.createdAt, new Date(now.getTime() - keepDays * 86_400_000)),
        sql`${webhookDeliveries.status} <> 'pending'`,
      ),
    );
}
