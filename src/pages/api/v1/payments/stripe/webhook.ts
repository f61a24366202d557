import { wakePurchaseMinter } from '~/features/payments/paymentJobs.server';
import { MAX_WEBHOOK_BYTES, receiveStripeEvent, verifiedEvent } from '~/features/payments/stripeWebhook.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readLimited } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';
import { stripeSettings } from '~/server/stripe.server';

/**
 * `POST /api/v1/payments/stripe/webhook` (Stripe's servers, signed with the webhook secret; no site headers:
 * the signature is its check, see src/server/middleware/apiGate.ts) -> `{ received: true, duplicate }`, also
 * when acting on it failed (kept and tried again: src/features/payments/stripeWebhook.server.ts).
 * 400 unsigned, wrongly signed, stale or not an event; 404 when card payments are off; 413 past 512 KB.
 */
export const POST = apiRoute(async (ctx) => {
  const settings = stripeSettings(serverSettings());
  if (!settings) throw notFound('Card payments are not configured');
  const raw = await readLimited(ctx.request, MAX_WEBHOOK_BYTES);
  const event = verifiedEvent(settings, raw, ctx.request.headers.get('stripe-signature'));
  const result = await receiveStripeEvent(await database(), event);
  // A payment may now wait for its card: mint it at once rather than at the minter's next look.
  if (result.applied) wakePurchaseMinter();
  return json({ received: true, duplicate: result.duplicate });
});
