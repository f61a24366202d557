/**
 * Card payments through Stripe, off unless configured: `STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET` and
 * `PUBLIC_STRIPE_PUBLISHABLE_KEY` all set turn them on; `STRIPE_API_BASE` (e.g. `http://127.0.0.1:12111`)
 * points the official SDK at a stand-in of Stripe's API (the tests' ../../tests/helpers/stripeStandIn.ts).
 * The secret key and the webhook secret stay on the server; only the publishable key reaches a page.
 *
 * @see https://docs.stripe.com/api (the SDK's host, port and protocol options)
 */
import Stripe from 'stripe';
import type { Settings } from './settings/schema';

/** Card payments' configuration, when on. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** The API's host, port and protocol when `STRIPE_API_BASE` names another than Stripe's. */
  base: { host: string; port: string; protocol: 'http' | 'https' } | undefined;
}

const clients = new Map<string, Stripe>();

/** The settings, or undefined when card payments are off (any of the three keys missing). */
export function stripeSettings(
  settings: Pick<
    Settings,
    'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'PUBLIC_STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_BASE'
  >,
): StripeSettings | undefined {
  const secretKey = settings.STRIPE_SECRET_KEY;
  const webhookSecret = settings.STRIPE_WEBHOOK_SECRET;
  const publishableKey = settings.PUBLIC_STRIPE_PUBLISHABLE_KEY;
  if (!secretKey || !webhookSecret || !publishableKey) return undefined;
  let base: StripeSettings['base'];
  if (settings.STRIPE_API_BASE) {
    const url = new URL(settings.STRIPE_API_BASE);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    base = { host: url.hostname, port: url.port || (protocol === 'http' ? '80' : '443'), protocol };
  }
  return { secretKey, webhookSecret, publishableKey, base };
}

/** The SDK client of `settings` (one per key and base). */
export function stripeClient(settings: StripeSettings): Stripe {
  const key = `${settings.secretKey}\u0000${settings.base?.host}:${settings.base?.port}`;
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      ...(settings.base ?? {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    clients.set(key, client);
  }
  return client;
}
