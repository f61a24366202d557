import { z } from 'zod';
import { writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { HoldRefusedError, startPurchase } from '~/features/payments/purchases.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { idParam } from '~/lib/params';
import { notFound, tooManyRequests } from '~/server/api/errors';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { hitRateLimit } from '~/server/rateLimit.server';
import { serverSettings } from '~/server/settings/settings.server';
import { stripeSettings } from '~/server/stripe.server';

/**
 * `POST /api/v1/drops/{id}/purchases` (wallet session: the card goes to that wallet) -> 201 `{ purchase,
 * clientSecret, publishableKey }`: a serial held for 15 minutes and the PaymentIntent for the drop's price;
 * 200 with the same when the buyer already holds one of this drop (no second PaymentIntent; `paymentStarted`
 * when they have paid it already and only Stripe's event is awaited). 404 unknown drop
 * or card payments off; 409 not on sale, sold out, or every unsold serial held by others; 429 past a cap on
 * holds (per buyer, per network; features/payments/holdRules.ts); 409 and 429 from the hold rules carry
 * `reason` and `retryAfterSeconds` beside `message`; 502 Stripe not answering.
 */
export const POST = writeRoute(async (ctx) => {
  const settings = stripeSettings(serverSettings());
  if (!settings) throw notFound('Card payments are not configured');
  const buyer = requireUser(ctx);
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such drop');
  const db = await database();
  const limit = await hitRateLimit(db, `purchase:${buyer.id}`, 30, 3600);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter);
  try {
    const { purchase, clientSecret, collectionId, reused, paymentStarted } = await startPurchase(
      db,
      { ...buyer, ip: ctx.locals.client.ip },
      id.data,
      settings,
    );
    return {
      response: json(
        { purchase, clientSecret, publishableKey: settings.publishableKey, paymentStarted },
        reused ? 200 : 201,
      ),
      // One serial fewer left on the collection's page.
      change: reused ? undefined : { collections: [collectionId] },
    };
  } catch (error) {
    if (!(error instanceof HoldRefusedError)) throw error;
    const { reason, retryAfterSeconds } = error.refusal;
    return { response: json({ message: error.message, reason, retryAfterSeconds }, error.status, error.headers) };
  }
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/drops/{id}/purchases',
    operationId: 'createPurchase',
    summary: 'Hold a serial of a drop and start paying by card',
    tag: 'Payments',
    auth: 'session',
    params: z.object({ id: z.string() }),
    answer: {
      status: 201,
      description: '`{purchase, clientSecret}` (200 when the same hold is asked again).',
      schema: describedObject('Purchase', '`{purchase, clientSecret}` (200 when the same hold is asked again).'),
    },
    errors: [401, 404, 409, 422, 429, 502, 503],
  }),
];
