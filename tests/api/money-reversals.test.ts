/**
 * Money that goes back, end to end with the built server, anvil and the Stripe stand-in: a refund or a chargeback
 * of a delivered card takes the illustrator's payable share back (a won dispute gives it back), the books stay
 * balanced; a yen payout whose transfer was made cannot be rejected (it is reversed instead), not even by a reject
 * racing the transfer; Stripe's `transfer.reversed` books only what came back, and only for a payout with a
 * transfer.
 */
import { erc721Abi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../../src/features/session/passwords.server.ts';
import { admins } from '../../src/server/db/schema/index.ts';
import type { ApiClient } from '../helpers/api.ts';
import { type StripeStandIn, startStripeStandIn } from '../helpers/stripeStandIn.ts';
import { anvilKey } from '../helpers/testWallet.ts';
import { walletSignIn } from './signIn.ts';
import { CREATOR_PASSWORD, eventually, postCardForm, startTradingApp, type TradingApp } from './tradingApp.ts';

const WEBHOOK_SECRET = 'whsec_test_reversals';
const ADMIN = { uid: 'money-admin', password: 'money-admin-password-1' };
/** ¥1,500 less the platform's 10 % and the provider's 3.6 %. */
const SHARE = 1296;
let standIn: StripeStandIn;
let trading: TradingApp;
let illustrator: ApiClient;
let admin: ApiClient;
let nextBuyer = 40;

interface Balance {
  chainId: number | null;
  currencyCode: number;
  revenue: string;
  clearing: string;
  available: string;
}
interface Payout {
  id: number;
  status: string;
  reversedAmount: string;
}

async function deliver(payload: string) {
  const response = await fetch(new URL('/api/v1/payments/stripe/webhook', trading.app.url), {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': standIn.sign(payload, WEBHOOK_SECRET) },
  });
  return response.status;
}

const yen = async () =>
  (await illustrator.get<{ balances: Balance[] }>('/api/v1/dashboard/payouts')).body.balances.find(
    (balance) => balance.chainId === null && balance.currencyCode === 1,
  );

/** A card of a new drop bought for ¥1,500 by a new buyer and minted to them; its PaymentIntent and token. */
async function boughtCard() {
  const now = Date.now();
  const drop = await postCardForm(trading.app, illustrator, '/api/v1/dashboard/drops', {
    name: 'A card sold for yen',
    description: '',
    category_id: '1',
    royalty_bps: '500',
    price_jpy: '1500',
    serials: '2',
    starts_at: new Date(now - 60_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
  });
  expect(drop.status, JSON.stringify(drop.body)).toBe(201);
  const buyerKey = anvilKey(nextBuyer++);
  const buyer = trading.app.client();
  expect((await walletSignIn(buyer, privateKeyToAccount(buyerKey))).status).toBe(200);
  const started = await buyer.post<{ purchase: { id: number }; clientSecret: string }>(
    `/api/v1/drops/${(drop.body.drop as { id: number }).id}/purchases`,
    {},
  );
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const intentId = started.body.clientSecret.split('_secret_')[0] ?? '';
  expect(await deliver(standIn.succeed(intentId))).toBe(200);
  let tokenId = '';
  await eventually(async () => {
    const purchase = await buyer.get<{ purchase: { status: string; tokenId: string | null } }>(
      `/api/v1/purchases/${started.body.purchase.id}`,
    );
    tokenId = purchase.body.purchase.tokenId ?? '';
    return purchase.body.purchase.status === 'minted';
  }, 30_000);
  return { intentId, tokenId, buyer, purchaseId: started.body.purchase.id, owner: privateKeyToAccount(buyerKey) };
}

async function yenBooks() {
  const books = await admin.get<{
    books: { chainId: number | null; booked: string; received: string; shortfall: string }[];
  }>('/api/v1/admins/books');
  expect(books.status).toBe(200);
  return books.body.books.find((book) => book.chainId === null);
}

const payout = async (id: number) =>
  (await illustrator.get<{ items: Payout[] }>('/api/v1/dashboard/payouts')).body.items.find((item) => item.id === id);

const review = (id: number, body: Record<string, string>) =>
  admin.put<{ status: string; message?: string }>(`/api/v1/admins/payouts/${id}`, body);

const request = async (amount: number) => {
  const requested = await illustrator.post<{ id: number }>('/api/v1/dashboard/payouts', {
    amount: String(amount),
    currency_code: 1,
  });
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  return requested.body.id;
};

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
  expect(
    (await illustrator.post('/api/v1/illustrator_session', { uid: 'creator', password: CREATOR_PASSWORD })).status,
  ).toBe(200);
  admin = trading.app.client();
  expect((await admin.post('/api/v1/admin_session', ADMIN)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await trading?.stop();
  await standIn?.stop();
});

describe('money that goes back', () => {
  test('a delivered card payment waits the hold window; an admin can shorten it', async () => {
    const before = (await yen())?.revenue ?? '0';
    await boughtCard();
    const held = await yen();
    expect(Number(held?.revenue) - Number(before)).toBe(SHARE);
    expect(held?.clearing).toBe(held?.revenue);
    expect(held?.available).toBe('0');
    const set = await admin.put('/api/v1/admins/card_payment_settings', {
      platform_fee_bps: 1000,
      provider_fee_bps: 360,
      payable_hold_days: 0,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await yen())?.available).toBe(held?.revenue);
  }, 90_000);

  test('a refund after the mint takes the share back; the card stays with the buyer; the books balance', async () => {
    const before = Number((await yen())?.revenue ?? '0');
    const bought = await boughtCard();
    expect(Number((await yen())?.revenue)).toBe(before + SHARE);
    expect(await deliver(standIn.refundEvent(bought.intentId, 1500))).toBe(200);
    expect(await deliver(standIn.refundEvent(bought.intentId, 1500))).toBe(200);
    expect(Number((await yen())?.revenue)).toBe(before);
    const owner = await trading.fixture.market.publicClient.readContract({
      address: trading.fixture.card,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [BigInt(bought.tokenId)],
    });
    expect(owner).toBe(bought.owner.address);
    expect((await yenBooks())?.shortfall).toBe('0');
  }, 90_000);

  test('a chargeback takes the share back while the money is withdrawn; a won dispute gives it back', async () => {
    const before = Number((await yen())?.revenue ?? '0');
    const lost = await boughtCard();
    const won = await boughtCard();
    expect(Number((await yen())?.revenue)).toBe(before + 2 * SHARE);
    for (const [bought, id] of [
      [lost, 'dp_lost'],
      [won, 'dp_won'],
    ] as const) {
      expect(
        await deliver(
          standIn.disputeEvent(bought.intentId, 'charge.dispute.created', {
            id,
            amount: 1500,
            status: 'needs_response',
          }),
        ),
      ).toBe(200);
    }
    expect(Number((await yen())?.revenue)).toBe(before);
    expect(
      await deliver(
        standIn.disputeEvent(lost.intentId, 'charge.dispute.closed', { id: 'dp_lost', amount: 1500, status: 'lost' }),
      ),
    ).toBe(200);
    expect(
      await deliver(
        standIn.disputeEvent(won.intentId, 'charge.dispute.closed', { id: 'dp_won', amount: 1500, status: 'won' }),
      ),
    ).toBe(200);
    // Stripe sends the reinstatement too: nothing more comes back.
    expect(
      await deliver(
        standIn.disputeEvent(won.intentId, 'charge.dispute.funds_reinstated', {
          id: 'dp_won',
          amount: 1500,
          status: 'won',
        }),
      ),
    ).toBe(200);
    expect(Number((await yen())?.revenue)).toBe(before + SHARE);
    expect((await yenBooks())?.shortfall).toBe('0');
  }, 120_000);

  test('an approved yen payout cannot be rejected: its transfer is reversed, and the amount is available again', async () => {
    const link = await illustrator.post<{ url: string }>('/api/v1/dashboard/payment_account', {});
    const accountId = link.body.url.split('/').pop() ?? '';
    expect(await deliver(standIn.verifyAccount(accountId))).toBe(200);
    await boughtCard();
    const available = Number((await yen())?.available);
    const id = await request(1000);
    expect((await review(id, { action: 'approve' })).body.status).toBe('transferred');
    const refused = await review(id, { action: 'reject', reason: 'changed my mind' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/reverse it/);
    const reversed = await review(id, { action: 'reverse', reason: 'sent to the wrong account' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.status).toBe('reversed');
    expect(standIn.requests).toContainEqual(
      expect.objectContaining({
        path: expect.stringMatching(/^\/v1\/transfers\/tr_.+\/reversals$/),
        idempotencyKey: `kirafuda-payout-reversal-${id}`,
      }),
    );
    expect(Number((await yen())?.available)).toBe(available);
  }, 90_000);

  test('a reject sent while the transfer is under way is refused: the illustrator is paid once', async () => {
    const id = await request(1000);
    const transfersBefore = standIn.transfers.size;
    standIn.slowTransfers(1_500);
    const approving = review(id, { action: 'approve' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rejected = await review(id, { action: 'reject', reason: 'too late' });
    const approved = await approving;
    standIn.slowTransfers(0);
    expect(rejected.status).toBe(409);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('transferred');
    expect(standIn.transfers.size).toBe(transfersBefore + 1);
    expect((await payout(id))?.status).toBe('transferred');
  }, 90_000);

  test('transfer.reversed books only what came back, and only for a payout with a transfer', async () => {
    await boughtCard();
    const id = await request(1000);
    expect((await review(id, { action: 'approve' })).body.status).toBe('transferred');
    const transfer = [...standIn.transfers.values()].find(
      (entry) => (entry.metadata as Record<string, string>).payout_id === String(id),
    );
    expect(await deliver(standIn.transferEvent(String(transfer?.id), 'transfer.created'))).toBe(200);
    expect((await payout(id))?.status).toBe('paid');
    const available = Number((await yen())?.available);
    expect(await deliver(standIn.reverseTransfer(String(transfer?.id), 400))).toBe(200);
    expect(await payout(id)).toMatchObject({ status: 'paid', reversedAmount: '400' });
    expect(Number((await yen())?.available)).toBe(available + 400);
    expect(await deliver(standIn.reverseTransfer(String(transfer?.id), 600))).toBe(200);
    expect(await payout(id)).toMatchObject({ status: 'reversed', reversedAmount: '1000' });
    expect(Number((await yen())?.available)).toBe(available + 1000);

    // A reversal naming a payout that was only requested (no transfer) changes nothing.
    const requested = await request(1000);
    const forged = JSON.stringify({
      id: `evt_forged_${requested}`,
      object: 'event',
      type: 'transfer.reversed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'tr_unknown',
          object: 'transfer',
          amount: 1000,
          amount_reversed: 1000,
          reversed: true,
          metadata: { payout_id: String(requested) },
        },
      },
    });
    expect(await deliver(forged)).toBe(200);
    expect(await payout(requested)).toMatchObject({ status: 'requested', reversedAmount: '0' });
  }, 90_000);
});
