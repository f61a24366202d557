import { publishChange } from '~/features/events/publish.server';
import { startPurchase } from '~/features/payments/purchases.server';
import { idParam } from '~/lib/params';
import { requireUser } from '~/server/api/auth';
import { notFound, tooManyRequests } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { hitRateLimit } from '~/server/rateLimit.server';
import { stripeSettings } from '~/server/stripe.server';

/**
 * `POST /api/v1/drops/{id}/purchases` (wallet session: the card goes to that wallet) -> 201 `{ purchase,
 * clientSecret, publishableKey }`: a serial held for 15 minutes and the PaymentIntent for the drop's price.
 * 404 unknown drop or card payments off; 409 not on sale or sold out; 429; 502 Stripe not answering.
 */
export const POST = apiRoute(async (ctx) => {
  const settings = stripeSettings();
  if (!settings) throw notFound('Card payments are not configured');
  const buyer = requireUser(ctx);
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such drop');
  const db = await database();
  const limit = await hitRateLimit(db, `purchase:${buyer.id}`, 30, 3600);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter);
  const { purchase, clientSecret, collectionId } = await startPurchase(db, buyer, id.data, settings);
  // One serial fewer left on the collection's page.
  await publishChange({ collections: [collectionId] });
  return json({ purchase, clientSecret, publishableKey: settings.publishableKey }, 201);
});
