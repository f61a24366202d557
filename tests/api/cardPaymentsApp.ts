/**
 * What the card-payment API tests share: a drop put on sale by the collection's illustrator, a buyer signed in
 * with an anvil wallet, and a Stripe event delivered signed to the webhook.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { hashPassword } from '../../src/features/session/passwords.server.ts';
import { admins } from '../../src/server/db/schema/index.ts';
import type { ApiClient, App } from '../helpers/api.ts';
import type { StripeStandIn } from '../helpers/stripeStandIn.ts';
import { anvilKey } from '../helpers/testWallet.ts';
import { walletSignIn } from './signIn.ts';
import { CREATOR_PASSWORD, postCardForm, startTradingApp, type TradingApp } from './tradingApp.ts';

/** A drop as the dashboard answers it. */
export interface Drop {
  id: number;
  designId: string;
  left: number;
  sold: number;
  reserved: number;
  soldOut: boolean;
  reservedMinutes: number | null;
  priceJpy: number;
  onSale: boolean;
}

/** A purchase as its buyer reads it. */
export interface Purchase {
  id: number;
  status: string;
  tokenId: string | null;
}

/** `illustrator` puts a design of `serials` on sale for `price` yen, on sale from a minute ago for a day. */
export async function putDropOnSale(app: App, illustrator: ApiClient, serials: number, price = 1500): Promise<Drop> {
  const now = Date.now();
  const response = await postCardForm(app, illustrator, '/api/v1/dashboard/drops', {
    name: `Drop of ${serials}`,
    description: 'A card sold for yen',
    category_id: '1',
    royalty_bps: '500',
    price_jpy: String(price),
    serials: String(serials),
    starts_at: new Date(now - 60_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.drop as Drop;
}

/** A client signed in with anvil account `index`, sending from `localAddress` (its network) when given. */
export async function signedInBuyer(app: App, index: number, localAddress?: string): Promise<ApiClient> {
  const client = app.client(localAddress);
  expect((await walletSignIn(client, privateKeyToAccount(anvilKey(index)))).status).toBe(200);
  return client;
}

/** Delivers `payload` to the webhook signed with `secret`, as Stripe does; answers the status. */
export async function deliverSigned(app: App, standIn: StripeStandIn, payload: string, secret: string) {
  const response = await fetch(new URL('/api/v1/payments/stripe/webhook', app.url), {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': standIn.sign(payload, secret) },
  });
  return response.status;
}

/** A purchase as its buyer reads it (`GET /api/v1/purchases/{id}`). */
export const purchaseOf = async (client: ApiClient, id: number) =>
  (await client.get<{ purchase: Purchase }>(`/api/v1/purchases/${id}`)).body.purchase;

/**
 * The trading app with card payments on: Stripe's stand-in at `standIn` (webhooks signed with `secret`), the
 * purchase minter polling fast, an admin `admin` in the database; and the demo illustrator signed in.
 */
export async function startCardPaymentsApp(
  standIn: StripeStandIn,
  secret: string,
  admin: { uid: string; password: string },
): Promise<{ trading: TradingApp; illustrator: ApiClient }> {
  const adminHash = await hashPassword(admin.password);
  const trading = await startTradingApp({
    seed: async (db) => {
      await db.insert(admins).values({ uid: admin.uid, passwordHash: adminHash, name: 'Admin' });
    },
    env: {
      STRIPE_SECRET_KEY: 'sk_test_kirafuda',
      STRIPE_WEBHOOK_SECRET: secret,
      PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_kirafuda',
      STRIPE_API_BASE: standIn.base,
      PURCHASE_MINT_POLL_MS: '100',
      PURCHASE_MINT_RETRY_SECONDS: '0',
    },
  });
  const illustrator = trading.app.client();
  const signIn = await illustrator.post('/api/v1/illustrator_session', { uid: 'creator', password: CREATOR_PASSWORD });
  expect(signIn.status).toBe(200);
  return { trading, illustrator };
}
