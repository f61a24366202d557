/**
 * Stripe's webhook (`POST /api/v1/payments/stripe/webhook`): the event is believed only when its
 * `Stripe-Signature` holds for the raw body and the webhook secret (HMAC-SHA256, at most five minutes old, as
 * the official SDK checks it), and acted on once: its id is recorded first, and an id seen before is
 * answered without acting again (Stripe delivers at least once, in any order).
 *
 * It never sticks: every signed event is recorded and answered 2xx. When acting on it fails because of our own
 * state (a bug, a constraint), the failure is kept with the event (its act rolled back to a savepoint) and
 * {@link retryStripeEvents} tries it again later; only a database that cannot be reached answers 5xx, for
 * Stripe to send it again. A signed body that is not an event is refused 400.
 *
 * @see https://docs.stripe.com/webhooks (signatures, retries, order)
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { badRequest } from '~/server/api/errors';
import { stripeEvents } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { type StripeSettings, stripeClient } from '~/server/stripe.server';
import { applyStripeEvent } from './paymentEvents.server';

/** Largest webhook body read (Stripe's events are a few kilobytes). */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

/** Attempts at an event that keeps failing before it is left to an admin. */
export const MAX_EVENT_ATTEMPTS = 10;

/** The verified event of a webhook request. @throws HttpError 400 (no or a wrong signature, a stale one, no event) */
export function verifiedEvent(settings: StripeSettings, raw: string, signature: string | null): Stripe.Event {
  if (!signature) throw badRequest('Stripe-Signature header is required');
  let event: Stripe.Event;
  try {
    event = stripeClient(settings).webhooks.constructEvent(raw, signature, settings.webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw badRequest('Invalid Stripe signature');
    if (error instanceof SyntaxError) throw badRequest('The body is not JSON');
    throw error;
  }
  const object = (event as { data?: { object?: unknown } } | null)?.data?.object;
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof object !== 'object' || !object)
    throw badRequest('The body is not a Stripe event');
  return event;
}

/** Errors of the database connection itself: Stripe should send the event again. */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('08') || code === '57P01' || code === 'ECONNREFUSED' || code === 'ECONNRESET')
  );
}

/** What failed, with its cause (a query error names the constraint there), without control characters. */
function failureText(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  const text = cause instanceof Error ? `${String(error)} (${cause.message})` : String(error);
  return text.replace(/\p{Cc}/gu, ' ').slice(0, 1000);
}

/** Acts on `event` in a savepoint of `tx`; records it applied, or its failure. */
async function attempt(tx: Transaction, event: Stripe.Event, now: Date): Promise<boolean> {
  try {
    await tx.transaction((savepoint) => applyStripeEvent(savepoint, event, now));
  } catch (error) {
    if (unreachable(error)) throw error;
    console.error(
      `[payments] Stripe event ${event.id} (${event.type}) could not be applied; kept to try again:`,
      error,
    );
    await tx
      .update(stripeEvents)
      .set({
        failure: failureText(error),
        attempts: sql`${stripeEvents.attempts} + 1`,
      })
      .where(eq(stripeEvents.id, event.id));
    return false;
  }
  await tx
    .update(stripeEvents)
    .set({ failure: null, appliedAt: now, attempts: sql`${stripeEvents.attempts} + 1` })
    .where(eq(stripeEvents.id, event.id));
  return true;
}

/** What receiving an event did. */
export interface Received {
  /** Seen before (and applied then, or failing since). */
  duplicate: boolean;
  applied: boolean;
}

/** Records `event` and acts on it once (see the module comment). */
export async function receiveStripeEvent(db: Database, event: Stripe.Event, now = new Date()): Promise<Received> {
  const object = event.data.object as { id?: unknown };
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(stripeEvents)
      .values({
        id: event.id,
        type: event.type,
        objectId: typeof object.id === 'string' ? object.id : null,
        payload: event as unknown as Record<string, unknown>,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!recorded) return { duplicate: true, applied: false };
    return { duplicate: false, applied: await attempt(tx, event, now) };
  });
}

/** Applies again the events whose act failed (oldest first), each under its row lock; answers how many now held. */
export async function retryStripeEvents(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(
      and(
        isNull(stripeEvents.appliedAt),
        sql`${stripeEvents.failure} is not null`,
        lt(stripeEvents.attempts, MAX_EVENT_ATTEMPTS),
      ),
    )
    .orderBy(asc(stripeEvents.receivedAt))
    .limit(20);
  let applied = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(stripeEvents).where(eq(stripeEvents.id, id)).for('update');
      if (!row?.payload || row.appliedAt) return false;
      return attempt(tx, row.payload as unknown as Stripe.Event, now);
    });
    if (done) applied += 1;
  }
  return applied;
}
