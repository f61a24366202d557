/**
 * Stripe's webhook on the built server: off (404) without Stripe keys; with them, only an event signed with
 * the webhook secret (the official SDK's signature, at most five minutes old) is taken, with no site headers
 * needed, and an event Stripe delivers again is recorded once. The server's own Stripe client talks to the
 * local stand-in of Stripe's API (`STRIPE_API_BASE`).
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadSettings } from '../../src/server/settings/settings.server.ts';
import { stripeClient, stripeSettings } from '../../src/server/stripe.server.ts';
import { type App, startApp } from '../helpers/api.ts';
import { type StripeStandIn, startStripeStandIn } from '../helpers/stripeStandIn.ts';

const WEBHOOK_SECRET = 'whsec_test_kirafuda';
const PATH = '/api/v1/payments/stripe/webhook';
let standIn: StripeStandIn;
let app: App;
let off: App;

/** A plain POST as Stripe's servers send it: no Origin, no site headers. */
async function deliver(target: App, payload: string, signature?: string) {
  const response = await fetch(new URL(PATH, target.url), {
    method: 'POST',
    body: payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const event = (id: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: 'pi_test_1',
        object: 'payment_intent',
        amount: 1000,
        currency: 'jpy',
        status: 'succeeded',
        metadata: {},
      },
    },
  });

beforeAll(async () => {
  standIn = await startStripeStandIn();
  [app, off] = await Promise.all([
    startApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_kirafuda',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_kirafuda',
        STRIPE_API_BASE: standIn.base,
      },
    }),
    startApp(),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([app?.stop(), off?.stop()]);
  await standIn?.stop();
});

describe('POST /api/v1/payments/stripe/webhook', () => {
  test('answers 404 when card payments are not configured', async () => {
    const payload = event('evt_off');
    expect((await deliver(off, payload, standIn.sign(payload, WEBHOOK_SECRET))).status).toBe(404);
  });

  test('refuses an unsigned, a wrongly signed, a stale and a tampered event', async () => {
    const payload = event('evt_refused');
    expect(await deliver(app, payload)).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/Stripe-Signature/) },
    });
    expect((await deliver(app, payload, standIn.sign(payload, 'whsec_someone_else'))).status).toBe(400);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await deliver(app, payload, standIn.sign(payload, WEBHOOK_SECRET, tenMinutesAgo))).status).toBe(400);
    const signed = standIn.sign(payload, WEBHOOK_SECRET);
    expect((await deliver(app, payload.replace('"amount":1000', '"amount":1'), signed)).status).toBe(400);
    const huge = JSON.stringify({ pad: 'x'.repeat(600 * 1024) });
    expect((await deliver(app, huge, standIn.sign(huge, WEBHOOK_SECRET))).status).toBe(413);
  });

  test('refuses a signed body that is not JSON, or not an event, with 400 (it used to answer 500)', async () => {
    for (const body of ['not json at all', '{"id": "evt_half"', '[1, 2, 3]', '{"id": "evt_no_data", "type": "x"}']) {
      const answer = await deliver(app, body, standIn.sign(body, WEBHOOK_SECRET));
      expect(answer.status, body).toBe(400);
    }
  });

  test('takes a signed event without site headers, and the same event again only once', async () => {
    const payload = event('evt_once');
    const first = await deliver(app, payload, standIn.sign(payload, WEBHOOK_SECRET));
    expect(first).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const again = await deliver(app, payload, standIn.sign(payload, WEBHOOK_SECRET));
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
  });

  test('the exemption from the site gate is this path only, and its signature still decides', async () => {
    const payload = event('evt_escaped');
    const escaped = await fetch(new URL('/api/v1/payments/stripe/%77ebhook', app.url), {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(escaped.status).toBe(400);
    const other = await fetch(new URL('/api/v1/offers', app.url), {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': standIn.sign(payload, WEBHOOK_SECRET) },
    });
    expect(other.status).toBe(403);
  });
});

describe('the server-side Stripe client', () => {
  test('reaches the stand-in and sends our idempotency key; the same key gives the same PaymentIntent', async () => {
    const settings = stripeSettings(
      loadSettings({
        STRIPE_SECRET_KEY: 'sk_test_kirafuda',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_kirafuda',
        STRIPE_API_BASE: standIn.base,
      }),
    );
    if (!settings) throw new Error('not configured');
    const client = stripeClient(settings);
    const params = {
      amount: 1500,
      currency: 'jpy',
      automatic_payment_methods: { enabled: true },
      metadata: { purchase: '7' },
    };
    const first = await client.paymentIntents.create(params, { idempotencyKey: 'purchase-7' });
    const again = await client.paymentIntents.create(params, { idempotencyKey: 'purchase-7' });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ amount: 1500, currency: 'jpy', status: 'requires_payment_method' });
    const sent = standIn.requests.filter((request) => request.path === '/v1/payment_intents');
    expect(sent[0]).toMatchObject({
      method: 'POST',
      idempotencyKey: 'purchase-7',
      body: { amount: '1500', metadata: { purchase: '7' } },
    });
    expect(stripeSettings(loadSettings({ STRIPE_SECRET_KEY: 'sk_test_x' }))).toBeUndefined();
  });
});
