/**
 * Paying by card in yen, end to end with the built server: an illustrator puts a design on sale (issued on
 * anvil by the platform minter), a buyer signed in with a wallet starts a purchase (a serial held, a
 * PaymentIntent for the drop's price created in Stripe's stand-in with an idempotency key), Stripe's signed
 * `payment_intent.succeeded` arrives (twice) and the server mints exactly one serial to the buyer's wallet and
 * books the illustrator's payable yen. 20 buyers racing for 5 serials get 5; a buyer whose account takes code
 * after paying (EIP-7702) still gets the card; a mint that cannot succeed is refunded.
 */
import { type Address, erc721Abi, getAddress, parseAbiItem } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cardAbi } from '../../src/features/trading/contracts/cardAbi.ts';
import type { ApiClient } from '../helpers/api.ts';
import { type StripeStandIn, startStripeStandIn } from '../helpers/stripeStandIn.ts';
import { anvilKey } from '../helpers/testWallet.ts';
import {
  type Drop,
  deliverSigned,
  type Purchase,
  purchaseOf,
  putDropOnSale,
  signedInBuyer,
  startCardPaymentsApp,
} from './cardPaymentsApp.ts';
import { eventually, type TradingApp } from './tradingApp.ts';

const WEBHOOK_SECRET = 'whsec_test_kirafuda';
/** Creation code of a contract whose runtime code (PUSH1 0 PUSH1 0 REVERT) reverts every call. */
const REVERT_ALWAYS_INITCODE = '0x6005600c60003960056000f360006000fd';
const ADMIN = { uid: 'payments-admin', password: 'payments-admin-password-1' };
let standIn: StripeStandIn;
let trading: TradingApp;
let illustrator: ApiClient;

const putOnSale = (serials: number, price?: number) => putDropOnSale(trading.app, illustrator, serials, price);
const buyer = (index: number, localAddress?: string) => signedInBuyer(trading.app, index, localAddress);
const deliver = (payload: string) => deliverSigned(trading.app, standIn, payload, WEBHOOK_SECRET);

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ({ trading, illustrator } = await startCardPaymentsApp(standIn, WEBHOOK_SECRET, ADMIN));
}, 120_000);

afterAll(() => trading?.stop().finally(() => standIn?.stop()));

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
    const detail = await trading.app
      .client()
      .get<{ owner: string; activity: { type: string; to: string }[] }>(cardPath);
    const buyerAddress = privateKeyToAccount(anvilKey(6)).address.toLowerCase();
    expect(detail.body.owner).toBe(buyerAddress);
    // Minted to the buyer, not to the illustrator: on the token page and in the activity list.
    expect(detail.body.activity.filter((item) => item.type === 'mint').map((item) => item.to)).toEqual([buyerAddress]);
    const listed = await trading.app
      .client()
      .get<{ items: { type: string; to: string; card: { tokenId: string } }[] }>(
        `/api/v1/activity?type=mint&wallet_address=${buyerAddress}`,
      );
    expect(listed.body.items.filter((item) => item.card.tokenId === purchase.tokenId).map((item) => item.to)).toEqual([
      buyerAddress,
    ]);
    const items = await trading.app
      .client()
      .get<{ items: { tokenId: string }[] }>(`/api/v1/users/${privateKeyToAccount(anvilKey(6)).address}/items`);
    expect(items.body.items.map((item) => item.tokenId)).toContain(purchase.tokenId);
  }, 90_000);

  test('20 buyers racing for 5 serials: 5 hold one, 15 hear every card is reserved (not sold out)', async () => {
    const drop = await putOnSale(5);
    const clients = [];
    // Each from their own network (a network may hold only a share of a drop).
    for (let index = 7; index < 27; index += 1) clients.push(await buyer(index, `127.0.0.${index}`));
    const answers = await Promise.all(clients.map((client) => client.post(`/api/v1/drops/${drop.id}/purchases`, {})));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body['reason'])).toEqual(
      Array(15).fill('reserved'),
    );
    const after = await trading.app.client().get<{ drops: Drop[] }>(`/api/v1/drops?collection_id=1`);
    expect(after.body.drops.find((entry) => entry.id === drop.id)).toMatchObject({
      left: 0,
      reserved: 5,
      soldOut: false,
      onSale: false,
    });
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

  test('the illustrator connects a payment account; an approved yen payout is transferred there, less the tax withheld, once, and paid', async () => {
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
    // Income tax is withheld from primary proceeds: 10.21 % of ¥1,000 (¥102) stays for the tax office.
    const tax = {
      withholdPrimary: true,
      withholdRoyalty: false,
      issuerName: '',
      payoutCutoffDay: 31,
      payoutPaymentDay: 15,
    };
    expect((await admin.put('/api/v1/admins/tax_settings', tax)).status).toBe(200);
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
    expect(transfer).toMatchObject({ amount: 898, currency: 'jpy', destination: accountId });
    expect(standIn.requests).toContainEqual(
      expect.objectContaining({ path: '/v1/transfers', idempotencyKey: `kirafuda-payout-${requested.body.id}` }),
    );

    expect(await deliver(standIn.transferEvent(String(transfer?.id), 'transfer.created'))).toBe(200);
    const listed = await illustrator.get<{ items: { id: number; status: string }[] }>('/api/v1/dashboard/payouts');
    expect(listed.body.items.find((item) => item.id === requested.body.id)?.status).toBe('paid');
  }, 60_000);

  test('a buyer who delegates to code that refuses cards after paying (EIP-7702) still gets the card, minted once', async () => {
    const drop = await putOnSale(1);
    const client = await buyer(32);
    const address = privateKeyToAccount(anvilKey(32)).address;
    const started = await client.post<{ purchase: Purchase; clientSecret: string }>(
      `/api/v1/drops/${drop.id}/purchases`,
      {},
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);

    // Paid; then, before the mint, the buyer's account delegates to code that reverts every call (a receiver
    // hook refusing ERC-721s included), in a type-4 transaction another account pays for.
    const { market } = trading.fixture;
    const refuser = await market.deployer.sendTransaction({ data: REVERT_ALWAYS_INITCODE });
    const refuserAddress = (await market.mined(refuser)).contractAddress as Address;
    const authorization = await privateKeyToAccount(anvilKey(32)).signAuthorization({
      contractAddress: refuserAddress,
      chainId: market.chain.id,
      nonce: await market.publicClient.getTransactionCount({ address }),
    });
    await market.mined(
      await market.deployer.sendTransaction({
        to: market.deployer.account.address,
        data: '0x',
        authorizationList: [authorization],
      }),
    );
    expect(await market.publicClient.getCode({ address })).toBe(`0xef0100${refuserAddress.slice(2).toLowerCase()}`);

    const intentId = started.body.clientSecret.split('_secret_')[0] ?? '';
    expect(await deliver(standIn.succeed(intentId))).toBe(200);
    await eventually(async () => (await purchaseOf(client, started.body.purchase.id)).status === 'minted', 30_000);
    const purchase = await purchaseOf(client, started.body.purchase.id);
    const owner = await market.publicClient.readContract({
      address: trading.fixture.card,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [BigInt(purchase.tokenId ?? '0')],
    });
    expect(owner).toBe(address);
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

describe('a drop no one can hold hostage', () => {
  type Started = { purchase: Purchase; clientSecret: string; paymentStarted: boolean };
  const start = (client: ApiClient, drop: Drop) =>
    client.post<Started & { reason?: string; retryAfterSeconds?: number }>(`/api/v1/drops/${drop.id}/purchases`, {});
  const intentsOf = (drop: Drop) =>
    [...standIn.paymentIntents.values()].filter(
      (intent) => (intent['metadata'] as Record<string, string>)['drop_id'] === String(drop.id),
    );
  const shown = async (drop: Drop) =>
    (await trading.app.client().get<{ drops: Drop[] }>('/api/v1/drops?collection_id=1')).body.drops.find(
      (entry) => entry.id === drop.id,
    );

  test('two fresh wallets asking for all six serials hold one each, asking again gives back the same hold and PaymentIntent, and a real buyer buys', async () => {
    const drop = await putOnSale(6);
    const [first, second] = [await buyer(40, '127.0.0.40'), await buyer(41, '127.0.0.41')];
    const answers = [];
    for (const client of [first, second, first, second, first, second]) answers.push(await start(client, drop));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 200, 200, 200, 200]);
    for (const [index, answer] of answers.entries()) {
      const original = answers[index % 2];
      expect(answer.body.purchase.id).toBe(original?.body.purchase.id);
      expect(answer.body.clientSecret).toBe(original?.body.clientSecret);
    }
    // One PaymentIntent per hold, however often it was asked for.
    expect(intentsOf(drop)).toHaveLength(2);
    expect(answers.map((answer) => answer.body.paymentStarted)).toEqual(Array(6).fill(false));
    // Paid, Stripe's event not yet here: asking again says so rather than offering to pay twice.
    standIn.succeed(answers[0]?.body.clientSecret.split('_secret_')[0] ?? '');
    const again = await start(first, drop);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ purchase: { id: answers[0]?.body.purchase.id }, paymentStarted: true });
    expect(await shown(drop)).toMatchObject({ left: 4, reserved: 2, sold: 0, soldOut: false, onSale: true });

    const real = await buyer(42, '127.0.0.42');
    const bought = await start(real, drop);
    expect(bought.status).toBe(201);
    const intentId = bought.body.clientSecret.split('_secret_')[0] ?? '';
    expect(await deliver(standIn.succeed(intentId))).toBe(200);
    await eventually(async () => (await purchaseOf(real, bought.body.purchase.id)).status === 'minted', 30_000);
    expect(await shown(drop)).toMatchObject({ left: 3, reserved: 2, sold: 1, soldOut: false });
  }, 90_000);

  test('six wallets on one network hold no more than a third of the drop; the others hear when to try again', async () => {
    const drop = await putOnSale(6);
    const answers = [];
    for (let index = 43; index < 49; index += 1) answers.push(await start(await buyer(index, '127.0.0.43'), drop));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 429, 429, 429, 429]);
    const refused = answers[2];
    expect(refused?.body.reason).toBe('limit');
    // Until the first hold lapsed (15 minutes) and a hold period more went by.
    expect(refused?.body.retryAfterSeconds).toBeGreaterThan(25 * 60);
    expect(refused?.body.retryAfterSeconds).toBeLessThanOrEqual(30 * 60);
    expect(Number(refused?.headers.get('retry-after'))).toBe(refused?.body.retryAfterSeconds);
    expect(intentsOf(drop)).toHaveLength(2);
    expect(await shown(drop)).toMatchObject({ left: 4, reserved: 2, onSale: true });
    // Someone on another network still buys.
    expect((await start(await buyer(49, '127.0.0.49'), drop)).status).toBe(201);
  }, 90_000);

  test('a drop whose unsold cards are all held says they are reserved and for how long, not sold out (ja and en)', async () => {
    const drop = await putOnSale(2);
    expect((await start(await buyer(50, '127.0.0.50'), drop)).status).toBe(201);
    expect((await start(await buyer(51, '127.0.0.51'), drop)).status).toBe(201);
    const late = await start(await buyer(52, '127.0.0.52'), drop);
    expect(late.status).toBe(409);
    expect(late.body.reason).toBe('reserved');
    expect(late.body.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(await shown(drop)).toMatchObject({ left: 0, reserved: 2, soldOut: false, reservedMinutes: 15 });
    const page = async (path: string) => {
      const response = await fetch(new URL(path, trading.app.url));
      expect(response.status).toBe(200);
      return response.text();
    };
    for (const [path, text] of [
      [`/en/checkout/${drop.id}`, 'All remaining cards are reserved; try again in 15 min.'],
      [`/checkout/${drop.id}`, '残りのカードはすべて予約中です。15分後にもう一度お試しください。'],
    ] as const) {
      const html = await page(path);
      expect(html).toContain(text);
      expect(html).not.toMatch(/Sold out|完売/);
    }
  }, 90_000);
});
