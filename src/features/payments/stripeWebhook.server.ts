/**
 * Stripe's webhook (`POST /api/v1/payments/stripe/webhook`): the event is believed only when its
 * `Stripe-Signature` holds for the raw body and the webhook secret (HMAC-SHA256, at most five minutes old, as
 * the official SDK checks it), and acted on once: its id is recorded first, and an id seen before is
 * answered without acting again (Stripe delivers at least once, in any order).
 *
 * @see https://docs.stripe.com/webhooks (signatures, retries, order)
 */
import Stripe from 'stripe';
import { badRequest } from '~/server/api/errors';
import { stripeEvents } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { applyStripeEvent } from './paymentEvents.server';
import { type StripeSettings, stripeClient } from '~/server/stripe.server';

/** Largest webhook body read (Stripe's events are a few kilobytes). */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

/** The verified event of a webhook request. @throws HttpError 400 (no or a wrong signature, a stale one) */
export function verifiedEvent(settings: StripeSettings, raw: string, signature: string | null): Stripe.Event {
  if (!signature) throw badRequest('Stripe-Signature header is required');
  try {
    return stripeClient(settings).webhooks.constructEvent(raw, signature, settings.webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw badRequest('Invalid Stripe signature');
    throw error;
  }
}

/** Records `event` and acts on it once; resolves false when it was received before. */
export async function receiveStripeEvent(db: Database, event: Stripe.Event): Promise<boolean> {
  const object = event.data.object as { id?: unknown };
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, objectId: typeof object.id === 'string' ? object.id : null })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!recorded) return false;
    await applyStripeEvent(tx, event);
    return true;
  });
}
