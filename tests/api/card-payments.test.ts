/**
 * Paying by card in yen, end to end with the built server: an illustrator puts a design on sale (issued on
 * anvil by the platform minter), a buyer signed in with a wallet starts a purchase (a serial held, a
 * PaymentIntent for the drop's price created in Stripe's stand-in with an idempotency key), Stripe's signed
 * `payment_intent.succeeded` arrives (twice) and the server mints exactly one serial to the buyer's wallet and
 * books the illustrator's payable yen. 20 buyers racing for 5 serials get 5; a mint that cannot succeed is
 * refunded.
 */
import { erc721Abi, getAddress, parseAbiItem } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../../src/features/session/passwords.server.ts';
import { cardAbi } from '../../src/features/trading/contracts/cardAbi.ts';
import { admins } from '../../src/server/db/schema/index.ts';
import type { ApiClient } from '../helpers/api.ts';
import { type StripeStandIn, startStripeStandIn } from '../helpers/stripeStandIn.ts';
import { anvilKey } from '../helpers/testWallet.ts';
import { walletSignIn } from './signIn.ts';
import { CREATOR_PASSWORD, eventually, postCardForm, startTradingApp, type TradingApp } from './tradingApp.ts';

const WEBHOOK_SECRET = 'whsec_test_kirafuda';
const ADMIN = { uid: 'payments-admin', password: 'payments-admin-password-1' };
let standIn: StripeStandIn;
let trading: TradingApp;
let illustrator: ApiClient;

interface Drop {
  id: number;
  designId: string;
  left: number;
  priceJpy: number;
  onSale: boolean;
}
interface Purchase {
  id: number;
  status: string;
  tokenId: string | null;
}

async function putOnSale(serials: number, price = 1500): Promise<Drop> {
  const now = Date.now();
  const response = await postCardForm(trading.app, illustrator, '/api/v1/dashboard/drops', {
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

async function buyer(index: number): Promise<ApiClient> {
  const client = trading.app.client();
  expect((await walletSignIn(client, privateKeyToAccount(anvilKey(index)))).status).toBe(200);
  return client;
}

async function deliver(payload: string) {
  const response = await fetch(new URL('/api/v1/payments/stripe/webhook', trading.app.url), {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': standIn.sign(payload, WEBHOOK_SECRET) },
  });
  return response.status;
}

const purchaseOf = async (client: ApiClient, id: number) =>
  (await client.get<{ purchase: Purchase }>(`/api/v1/purchases/${id}`)).body.purchase;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const adminHash = await hashPassword(ADMIN.password);
  trading = await startTradingApp({
    seed: async (db) => {
      await db.insert(admins).values({ uid: ADMIN.uid, passwordHash: adminHash, name: 'Admin' });
    },
    env: {
      STRIPE_SECRET_KEY: 'sk_test_kirafuda',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_kirafuda',
      STRIPE_API_BASE: standIn.base,
      PURCHASE_MINT_POLL_MS: '100',
      PURCHASE_MINT_RETRY_SECONDS: '0',
    },
  });
  illustrator = trading.app.client();
  const signIn = await illustrator.post('/api/v1/illustrator_session', { uid: 'creator', password: CREATOR_PASSWORD });
  expect(signIn.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await trading?.stop();
  await standIn?.stop();
});

describe('a card bought with yen', () => {
  test('is minted once to the buyer’s wallet, however often Stripe says it was paid, and pays the illustrator', async () => {
    const drop = await putOnSale(5);
    expect(drop).toMatchObject({ left: 5, priceJpy: 1500, onSale: true });
    const client = await buyer(6);
    const started = await client.post<{ purchase: Purchase; clientSecret: string; publishableKey: string }>(
      `/api/v1/drops/${drop.id}/purchases`,
      { amount: 1 },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ purchase: { status: 'pending' }, publishableKey: 'pk_test_kirafuda' });
    const created = standIn.requests.find(
      (request) => request.path === '/v1/payment_intents' && request.method === 'POST',
    );
    // The amount is the drop's, whatever the browser sent.
    expect(created).toMatchObject({
      idempotencyKey: `kirafuda-purchase-${started.body.purchase.id}`,
      body: { amount: '1500', currency: 'jpy' },
    });
    const intentId = started.body.clientSecret.split('_secret_')[0] ?? '';
    const event = standIn.succeed(intentId);
    expect(await deliver(event)).toBe(200);
    expect(await deliver(event)).toBe(200);
    expect(await deliver(standIn.succeed(intentId))).toBe(200);
    await eventually(async () => (await purchaseOf(client, started.body.purchase.id)).status === 'minted', 30_000);

    const { market, card } = trading.fixture;
    const purchase = await purchaseOf(client, started.body.purchase.id);
    const owner = await market.publicClient.readContract({
      address: card,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [BigInt(purchase.tokenId ?? '0')],
    });
    expect(owner.toLowerCase()).toBe(privateKeyToAccount(anvilKey(6)).address.toLowerCase());
    const mints = await market.publicClient.getLogs({
      address: card,
      event: parseAbiItem(
        'event SerialMinted(uint256 indexed tokenId, uint256 indexed designId, uint64 serial, address indexed to)',
      ),
      args: { to: getAddress(privateKeyToAccount(anvilKey(6)).address) },
      fromBlock: 0n,
    });
    expect(mints).toHaveLength(1);
    const serial = await market.publicClient.readContract({
      address: card,
      abi: cardAbi,
      functionName: 'serialOf',
      args: [BigInt(purchase.tokenId ?? '0')],
    });
    expect(serial).toBe(1n);

    const balances = await illustrator.get<{ balances: { currencyCode: number; available: string }[] }>(
      '/api/v1/dashboard/payouts',
    );
    // ¥1,500 less the platform's 10 % and the provider's 3.6 %, on hold for the chargeback window (14 days).
    expect(balances.body.balances).toContainEqual(
      expect.objectContaining({ currencyCode: 1, revenue: '1296', clearing: '1296', available: '0' }),
    );
    expect((await trading.app.client().get<Purchase>(`/api/v1/purchases/${purchase.id}`)).status).toBe(401);
    // The purchase shows as the card's mint, and the card among the buyer's items.
    const cardPath = `/api/v1/cards/1/${card.toLowerCase()}/${purchase.tokenId}`;
    const detail = await trading.app.client().get<{ owner: string; activity: { type: string }[] }>(cardPath);
    expect(detail.body.owner).toBe(privateKeyToAccount(anvilKey(6)).address.toLowerCase());
    expect(detail.body.activity.map((item) => item.type)).toContain('mint');
    const items = await trading.app
      .client()
      .get<{ items: { tokenId: string }[] }>(`/api/v1/users/${privateKeyToAccount(anvilKey(6)).address}/items`);
    expect(items.body.items.map((item) => item.tokenId)).toContain(purchase.tokenId);
  }, 90_000);

  test('20 buyers racing for 5 serials: 5 hold one, 15 hear it is sold out', async () => {
    const drop = await putOnSale(5);
    const clients = [];
    for (let index = 7; index < 27; index += 1) clients.push(await buyer(index));
    const answers = await Promise.all(clients.map((client) => client.post(`/api/v1/drops/${drop.id}/purchases`, {})));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const after = await trading.app.client().get<{ drops: Drop[] }>(`/api/v1/drops?collection_id=1`);
    expect(after.body.drops.find((entry) => entry.id === drop.id)).toMatchObject({ left: 0, onSale: false });
  }, 90_000);

  test('a paid purchase whose mint cannot succeed is refunded through Stripe', async () => {
    const drop = await putOnSale(1);
    const client = await buyer(30);
    const started = await client.post<{ purchase: Purchase; clientSecret: string }>(
      `/api/v1/drops/${drop.id}/purchases`,
      {},
    );
    expect(started.status).toBe(201);
    // Someone mints the design's only serial first (the minter on chain): the purchase's mint reverts.
    const { market } = trading.fixture;
    await market.mined(
      await market.deployer.writeContract({
        address: trading.fixture.card,
        abi: cardAbi,
        functionName: 'mintSerials',
        args: [BigInt(drop.designId), market.deployer.account.address, 1n],
      }),
    );
    const intentId = started.body.clientSecret.split('_secret_')[0] ?? '';
    expect(await deliver(standIn.succeed(intentId))).toBe(200);
    await eventually(async () => (await purchaseOf(client, started.body.purchase.id)).status === 'refunded', 30_000);
    expect(standIn.requests).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/v1/refunds',
        idempotencyKey: `kirafuda-refund-${started.body.purchase.id}`,
        body: expect.objectContaining({ payment_intent: intentId }),
      }),
    );
  }, 90_000);

  test('the illustrator connects a payment account; an approved yen payout is transferred there once and paid', async () => {
    const account = async () =>
      (await illustrator.get<{ connected: boolean; status: string | null }>('/api/v1/dashboard/payment_account')).body;
    expect(await account()).toEqual({ connected: false, status: null });
    const link = await illustrator.post<{ url: string }>('/api/v1/dashboard/payment_account', {});
    expect(link.status).toBe(200);
    const accountId = link.body.url.split('/').pop() ?? '';
    expect(accountId).toMatch(/^acct_/);
    expect(await account()).toEqual({ connected: true, status: 'pending' });
    // The same illustrator asking again gets a new link to the same account.
    const again = await illustrator.post<{ url: string }>('/api/v1/dashboard/payment_account', {});
    expect(again.body.url).toBe(link.body.url);

    const admin = trading.app.client();
    expect((await admin.post('/api/v1/admin_session', ADMIN)).status).toBe(200);
    // The card payment's yen is paid out without waiting the chargeback window here.
    const hold = { platform_fee_bps: 1000, provider_fee_bps: 360, payable_hold_days: 0 };
    expect((await admin.put('/api/v1/admins/card_payment_settings', hold)).status).toBe(200);
    const requested = await illustrator.post<{ id: number; status: string }>('/api/v1/dashboard/payouts', {
      amount: '1000',
      currency_code: 1,
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const approve = () =>
      admin.put<{ status: string }>(`/api/v1/admins/payouts/${requested.body.id}`, { action: 'approve' });
    expect((await approve()).status).toBe(422);
    expect(standIn.transfers.size).toBe(0);

    expect(await deliver(standIn.verifyAccount(accountId))).toBe(200);
    expect(await account()).toEqual({ connected: true, status: 'verified' });
    const approved = await approve();
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('transferred');
    expect((await approve()).status).toBe(409);
    const [transfer] = [...standIn.transfers.values()];
    expect(standIn.transfers.size).toBe(1);
    expect(transfer).toMatchObject({ amount: 1000, currency: 'jpy', destination: accountId });
    expect(standIn.requests).toContainEqual(
      expect.objectContaining({ path: '/v1/transfers', idempotencyKey: `kirafuda-payout-${requested.body.id}` }),
    );

    expect(await deliver(standIn.transferEvent(String(transfer?.id), 'transfer.created'))).toBe(200);
    const listed = await illustrator.get<{ items: { id: number; status: string }[] }>('/api/v1/dashboard/payouts');
    expect(listed.body.items.find((item) => item.id === requested.body.id)?.status).toBe('paid');
  }, 60_000);

  test('events out of order are harmless: a refund before the payment leaves nothing to mint', async () => {
    const drop = await putOnSale(2);
    const client = await buyer(31);
    const started = await client.post<{ purchase: Purchase; clientSecret: string }>(
      `/api/v1/drops/${drop.id}/purchases`,
      {},
    );
    const intentId = started.body.clientSecret.split('_secret_')[0] ?? '';
    const refundedFirst = JSON.stringify({
      id: `evt_refund_${intentId}`,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `ch_${intentId}`,
          object: 'charge',
          payment_intent: intentId,
          refunded: true,
          amount_refunded: 1500,
        },
      },
    });
    expect(await deliver(refundedFirst)).toBe(200);
    expect(await deliver(standIn.succeed(intentId))).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await purchaseOf(client, started.body.purchase.id)).status).toBe('refunded');

    const admin = trading.app.client();
    expect((await admin.post('/api/v1/admin_session', ADMIN)).status).toBe(200);
    const payments = await admin.get<{
      items: { providerPaymentId: string; status: string; amount: string; card: unknown }[];
    }>(`/api/v1/admins/payment_histories?q=${intentId}`);
    expect(payments.body.items).toEqual([
      expect.objectContaining({ providerPaymentId: intentId, status: 'refunded', amount: '1500', card: null }),
    ]);
  }, 60_000);
});
