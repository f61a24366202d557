/**
 * Webhooks and the event feed on a real chain, against the built server (its outbox polling every 50 ms, retries
 * from 100 ms; loopback allowed, as in development). A loopback receiver checks every delivery with the
 * `standardwebhooks` package (Standard Webhooks 1.0), as a consumer would: a sale made by `@opensea/seaport-js` on
 * anvil reaches the webhook and the feed with one id; a tampered body and a stale timestamp fail verification;
 * during a rotation both secrets verify; a receiver that was down gets everything, in order, after; an endpoint
 * answering 410 is disabled and its owner notified; replay sends again from an event on; the live stream resumes
 * after `Last-Event-ID`.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ItemType, Seaport } from '@opensea/seaport-js';
import { JsonRpcProvider, Wallet } from 'ethers';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { type Hex, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CurrencyCode } from '../../src/features/chains/currencies.ts';
import { TEST_FEE_BPS, TEST_FEE_RECIPIENT, TEST_ROYALTY_BPS } from '../helpers/testMarket.ts';
import { ANVIL_KEYS } from '../helpers/testWallet.ts';
import { startTradingApp, type TradingApp } from './tradingApp.ts';

interface Delivery {
  headers: Record<string, string>;
  body: string;
}
interface MarketEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** A loopback endpoint: records what arrives and answers as `mode` says. */
class Receiver {
  readonly received: Delivery[] = [];
  mode: 'ok' | 'fail' | 'gone' = 'ok';
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        if (this.mode === 'ok') this.received.push({ headers: flat(request.headers), body });
        response.writeHead(this.mode === 'ok' ? 204 : this.mode === 'gone' ? 410 : 503).end();
      });
    });
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Every delivery, verified with one of `secrets` (the endpoint's secrets over time: a rotation adds one). */
  events(secrets: readonly string[]): MarketEvent[] {
    return this.received.map((delivery) => {
      for (const secret of secrets) {
        try {
          return new Webhook(secret).verify(delivery.body, delivery.headers) as MarketEvent;
        } catch {
          // signed with another of the secrets
        }
      }
      throw new Error(`a delivery no secret verifies: ${delivery.headers['webhook-id']}`);
    });
  }

  stop(): Promise<void> {
    return new Promise((done) => (this.server ? this.server.close(() => done()) : done()));
  }
}

/** What `check` answers once it answers something (polling every 50 ms, for at most `ms`). */
async function until<T>(check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function flat(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
}

let trading: TradingApp;
let sellerJs: Seaport;
let buyerJs: Seaport;
let now: bigint;
let key: string;
const receiver = new Receiver();

function seaportFor(privateKey: Hex): Seaport {
  const { market } = trading.fixture;
  const signer = new Wallet(privateKey, new JsonRpcProvider(market.anvil.rpcUrl, 1, { staticNetwork: true }));
  return new Seaport(signer as never, {
    overrides: { contractAddress: market.contracts.seaport },
    conduitKeyToConduit: { [market.contracts.conduitKey]: market.contracts.conduit },
  });
}

/** Lists card `tokenId` for `price` with seaport-js and stores it (`listing.created`); the stored order hash. */
async function list(tokenId: bigint, price: bigint): Promise<string> {
  const { contracts, seller } = trading.fixture.market;
  const use = await sellerJs.createOrder({
    conduitKey: contracts.conduitKey,
    // Every order names the Kirafuda zone (GET /api/v1/chains), restricted to it.
    zone: contracts.zone,
    restrictedByZone: true,
    startTime: String(now - 60n),
    endTime: String(now + 86_400n),
    offer: [{ itemType: ItemType.ERC721, token: trading.fixture.card, identifier: tokenId.toString() }],
    consideration: [{ amount: price.toString(), recipient: seller.account.address }],
    fees: [
      { recipient: TEST_FEE_RECIPIENT, basisPoints: TEST_FEE_BPS },
      { recipient: trading.fixture.creator.address, basisPoints: TEST_ROYALTY_BPS },
    ],
  });
  const signed = (await use.executeAllActions()) as unknown as {
    parameters: Record<string, unknown>;
    signature: string;
  };
  const stored = await trading.seller.post<{ listing: { orderHash: string } }>('/api/v1/sell_card', {
    chain_id: 1,
    contract_address: trading.fixture.card,
    token_id: tokenId.toString(),
    price: price.toString(),
    signature: signed.signature,
    seller_address: seller.account.address,
    exchange: contracts.seaport,
    currency_code: CurrencyCode.ETH,
    order: signed.parameters,
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  return stored.body.listing.orderHash;
}

/** A request with the API key only, as a bot sends it. */
async function withKey<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const answer = await fetch(new URL(path, trading.app.url), {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: answer.status, body: (answer.status === 204 ? null : await answer.json()) as T };
}

async function feed(after = 'evt_0'): Promise<MarketEvent[]> {
  const page = await withKey<{ events: MarketEvent[] }>(`/api/v1/events?after=${after}`);
  expect(page.status).toBe(200);
  return page.body.events;
}

let hook: { id: number; secret: string };
/** The endpoint's secrets, oldest first. */
const secrets: string[] = [];

beforeAll(async () => {
  trading = await startTradingApp({
    env: { WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_BASE_MS: '100' },
  });
  sellerJs = seaportFor(ANVIL_KEYS[1]);
  buyerJs = seaportFor(ANVIL_KEYS[2]);
  now = (await trading.fixture.market.publicClient.getBlock()).timestamp;
  const made = await trading.seller.post<{ key: string }>('/api/v1/api_keys', { name: 'bot' });
  expect(made.status).toBe(201);
  key = made.body.key;
  await receiver.start();
  const created = await withKey<{ id: number; secret: string }>('/api/v1/webhooks', {
    method: 'POST',
    body: { url: receiver.url, events: ['sale', 'listing.created', 'listing.cancelled', 'transfer'] },
  });
  expect(created.status).toBe(201);
  expect(created.body.secret).toMatch(/^whsec_/);
  hook = created.body;
  secrets.push(hook.secret);
}, 180_000);

afterAll(async () => {
  await receiver.stop();
  await trading?.stop();
});

describe('a sale made by seaport-js', () => {
  test('reaches the webhook and the feed with one id, signed as Standard Webhooks 1.0', async () => {
    const { market } = trading.fixture;
    const price = parseEther('0.5');
    const hash = await list(3n, price);
    // The fulfilment API answers the advanced order and the zone's signature for this buyer.
    const answer = await trading.app.client().post<{
      fulfillment_data: { orders: { parameters: Record<string, unknown>; signature: string; extraData: string }[] };
    }>(`/api/v1/orders/${hash}/fulfillment`, { fulfiller: market.buyer.account.address });
    const listing = answer.body.fulfillment_data?.orders[0];
    if (!listing) throw new Error(`no order to fill: ${JSON.stringify(answer.body)}`);
    const use = await buyerJs.fulfillOrder({
      order: { parameters: listing.parameters as never, signature: listing.signature },
      extraData: listing.extraData,
      accountAddress: market.buyer.account.address,
      recipientAddress: market.buyer.account.address,
      conduitKey: market.contracts.conduitKey,
    });
    await (await use.executeAllActions()).wait();
    const sale = await until(async () => receiver.events(secrets).find((event) => event.type === 'sale'));
    expect(sale.data).toMatchObject({
      token_id: '3',
      price: price.toString(),
      buyer: market.buyer.account.address.toLowerCase(),
      seller: market.seller.account.address.toLowerCase(),
    });
    const delivery = receiver.received.find((entry) => JSON.parse(entry.body).id === sale.id);
    expect(delivery?.headers['webhook-id']).toBe(sale.id);
    const inFeed = (await feed()).filter((event) => event.type === 'sale');
    expect(inFeed).toEqual([sale]);
    // Every event reached the endpoint in the feed's order.
    const ids = receiver.events(secrets).map((event) => Number(event.id.slice(4)));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(receiver.events(secrets).map((event) => event.type)).toEqual(
      expect.arrayContaining(['listing.created', 'sale', 'transfer']),
    );
  }, 90_000);

  test('a tampered body and a stale timestamp fail verification', () => {
    const [first] = receiver.received;
    if (!first) throw new Error('nothing delivered');
    const webhook = new Webhook(hook.secret);
    expect(() => webhook.verify(first.body.replace('"type":"', '"type":"x'), first.headers)).toThrow(
      WebhookVerificationError,
    );
    const sentAt = Number(first.headers['webhook-timestamp']) * 1000;
    vi.useFakeTimers({ now: sentAt + 10 * 60_000, toFake: ['Date'] });
    try {
      expect(() => webhook.verify(first.body, first.headers)).toThrow(/too old/i);
    } finally {
      vi.useRealTimers();
    }
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`).verify(
        first.body,
        first.headers,
      ),
    ).toThrow(WebhookVerificationError);
  });
});

describe('delivery', () => {
  test('during a rotation both secrets verify; afterwards the new one does', async () => {
    const rotated = await withKey<{ secret: string; previous_secret_expires_at: string }>(
      `/api/v1/webhooks/${hook.id}/rotate_secret`,
      { method: 'POST' },
    );
    expect(rotated.status).toBe(200);
    const before = receiver.received.length;
    await list(4n, parseEther('0.4'));
    await until(async () => receiver.received.length > before);
    const latest = receiver.received.at(-1) as Delivery;
    expect(latest.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(hook.secret).verify(latest.body, latest.headers)).toMatchObject({ type: 'listing.created' });
    expect(new Webhook(rotated.body.secret).verify(latest.body, latest.headers)).toMatchObject({
      type: 'listing.created',
    });
    hook = { ...hook, secret: rotated.body.secret };
    secrets.push(hook.secret);
  }, 60_000);

  test('a receiver that was down gets everything, in order, after', async () => {
    receiver.mode = 'fail';
    const before = (await feed()).at(-1)?.id ?? 'evt_0';
    for (const tokenId of [5n, 6n, 7n]) await list(tokenId, parseEther('0.3'));
    await new Promise((resolve) => setTimeout(resolve, 800));
    const waiting = receiver.received.length;
    receiver.mode = 'ok';
    const missed = (await feed(before)).filter((event) => event.type === 'listing.created');
    expect(missed).toHaveLength(3);
    await until(async () => receiver.received.length >= waiting + 3, 30_000);
    const after = receiver.events(secrets).slice(waiting);
    expect(after.map((event) => event.id)).toEqual(missed.map((event) => event.id));
  }, 60_000);

  test('replay sends again, in order, from an event on', async () => {
    const events = await feed();
    const from = events.find((event) => event.type === 'listing.created');
    if (!from) throw new Error('no listing event');
    const before = receiver.received.length;
    const replayed = await withKey(`/api/v1/webhooks/${hook.id}/replay`, {
      method: 'POST',
      body: { from_event_id: from.id },
    });
    expect(replayed.status).toBe(202);
    const wanted = events.filter(
      (event) =>
        Number(event.id.slice(4)) >= Number(from.id.slice(4)) &&
        ['sale', 'listing.created', 'listing.cancelled', 'transfer'].includes(event.type),
    );
    await until(async () => receiver.received.length >= before + wanted.length, 30_000);
    expect(
      receiver
        .events(secrets)
        .slice(before, before + wanted.length)
        .map((event) => event.id),
    ).toEqual(wanted.map((event) => event.id));
  }, 60_000);

  test('an endpoint answering 410 is disabled and its owner notified', async () => {
    const gone = new Receiver();
    gone.mode = 'gone';
    await gone.start();
    try {
      const created = await withKey<{ id: number }>('/api/v1/webhooks', {
        method: 'POST',
        body: { url: gone.url, events: ['listing.created'] },
      });
      expect(created.status).toBe(201);
      await list(9n, parseEther('0.2'));
      const disabled = await until(async () => {
        const list = await withKey<{ webhooks: { id: number; enabled: boolean; disabled_reason: string | null }[] }>(
          '/api/v1/webhooks',
        );
        const mine = list.body.webhooks.find((entry) => entry.id === created.body.id);
        return mine && !mine.enabled ? mine : undefined;
      });
      expect(disabled.disabled_reason).toBe('gone');
      const notes = await trading.seller.get<{ items: { kind: string; text: string }[] }>(
        '/api/v1/notifications?locale=en',
      );
      expect(notes.body.items).toContainEqual(
        expect.objectContaining({ kind: 'webhook_disabled', text: expect.stringContaining(gone.url) }),
      );
    } finally {
      await gone.stop();
    }
  }, 60_000);
});

describe('listing events', () => {
  test('listing a card again at another price ends the old listing as replaced and tells price.changed', async () => {
    const before = (await feed()).at(-1)?.id ?? 'evt_0';
    await list(10n, parseEther('0.3'));
    await list(10n, parseEther('0.25'));
    const events = (await feed(before)).map((event) => [
      event.type,
      event.data['reason'] ?? null,
      event.data['price'],
      event.data['previous_price'] ?? null,
    ]);
    expect(events).toEqual([
      ['listing.created', null, parseEther('0.3').toString(), null],
      ['listing.cancelled', 'replaced', parseEther('0.3').toString(), null],
      ['listing.created', null, parseEther('0.25').toString(), null],
      ['price.changed', null, parseEther('0.25').toString(), parseEther('0.3').toString()],
    ]);
  }, 30_000);
});

describe('the live stream', () => {
  test('resumes after Last-Event-ID with what came since, in order', async () => {
    const events = await feed();
    const resumeAfter = events.at(-3);
    if (!resumeAfter) throw new Error('too few events');
    const controller = new AbortController();
    const answer = await fetch(new URL('/api/v1/events/stream', trading.app.url), {
      headers: { 'last-event-id': resumeAfter.id },
      signal: controller.signal,
    });
    expect(answer.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const decoder = new TextDecoder();
    while ((text.match(/^id: /gm) ?? []).length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    const ids = [...text.matchAll(/^id: (evt_\d+)$/gm)].map((match) => match[1]);
    expect(ids).toEqual(events.slice(-2).map((event) => event.id));
  }, 30_000);
});
