/**
 * A small local stand-in of the parts of Stripe's HTTP API the site calls, for the official `stripe` SDK to
 * talk to (`STRIPE_API_BASE`): PaymentIntents (create with an idempotency key, retrieve, cancel, and a test hook
 * that marks one succeeded), refunds, Connect accounts and account links (a hook verifies an account),
 * transfers and their reversals (optionally slow, to race a review against the transfer), with Stripe's form
 * encoding and idempotent replays. Every request is recorded. Hooks give the events Stripe would send for a
 * refund, a dispute and a reversal; signed webhooks are made with the SDK's own `generateTestHeaderString`.
 *
 * @see https://docs.stripe.com/api/payment_intents, https://docs.stripe.com/api/idempotent_requests
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One recorded request. */
export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

/** Stripe's form encoding (`a[b][0]=c`) back into an object; every leaf stays a string. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/]/g, '').split('[');
    let node = out as Record<string, unknown>;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      if (node[part] === undefined) node[part] = {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

/** A running stand-in. */
export interface StripeStandIn {
  base: string;
  requests: StandInRequest[];
  paymentIntents: Map<string, Record<string, unknown>>;
  /** Signs `event` as Stripe would for `secret` (optionally at another time, unix seconds). */
  sign: (payload: string, secret: string, timestamp?: number) => string;
  /** Marks a PaymentIntent succeeded (the buyer paid) and gives the event Stripe would send, as JSON. */
  succeed: (id: string, eventId?: string) => string;
  /** Marks a connected account verified (onboarding done) and gives its `account.updated` event. */
  verifyAccount: (id: string) => string;
  transfers: Map<string, Record<string, unknown>>;
  /** The event of a transfer (`transfer.created`, `transfer.reversed`: reversed whole unless already reversed). */
  transferEvent: (id: string, type: 'transfer.created' | 'transfer.reversed') => string;
  /** Reverses `amount` more of a transfer (as from Stripe's dashboard) and gives its `transfer.reversed` event. */
  reverseTransfer: (id: string, amount: number) => string;
  /** Refunds a PaymentIntent's charge up to `amountRefunded` in all and gives its `charge.refunded` event. */
  refundEvent: (intentId: string, amountRefunded: number) => string;
  /** A `charge.dispute.*` event of a PaymentIntent's charge. */
  disputeEvent: (
    intentId: string,
    type: 'charge.dispute.created' | 'charge.dispute.closed' | 'charge.dispute.funds_reinstated',
    dispute: { id: string; amount: number; status: string },
  ) => string;
  /** Makes transfer requests wait `ms` before they answer (0: at once). */
  slowTransfers: (ms: number) => void;
  stop: () => Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on a free loopback port. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const paymentIntents = new Map<string, Record<string, unknown>>();
  const replays = new Map<string, { raw: string; status: number; json: unknown }>();
  const accounts = new Map<string, Record<string, unknown>>();
  const transfers = new Map<string, Record<string, unknown>>();
  let transferDelayMs = 0;
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const key = request.headers['idempotency-key'] as string | undefined;
    const body = request.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey: key, body });
    const replayKey = `${request.method} ${url.pathname} ${key}`;
    const earlier = key ? replays.get(replayKey) : undefined;
    if (earlier) {
      if (earlier.raw !== raw) {
        return send(response, 400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      }
      return send(response, earlier.status, earlier.json);
    }
    const answer = (status: number, json: unknown) => {
      if (key && request.method === 'POST') replays.set(replayKey, { raw, status, json });
      send(response, status, json);
    };
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const id = `pi_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      const created = {
        id,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
        metadata: body.metadata ?? {},
        latest_charge: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      paymentIntents.set(id, created);
      return answer(200, created);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel?.[1]) {
      const found = paymentIntents.get(cancel[1]);
      if (!found) return answer(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      found.status = 'canceled';
      return answer(200, found);
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const paid = paymentIntents.get(String(body.payment_intent));
      if (!paid) return answer(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      return answer(200, {
        id: `re_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
        object: 'refund',
        amount: paid.amount,
        currency: paid.currency,
        payment_intent: paid.id,
        status: 'succeeded',
        metadata: body.metadata ?? {},
      });
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/accounts') {
      const id = `acct_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const account = {
        id,
        object: 'account',
        type: body.type,
        country: body.country,
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
        capabilities: { transfers: 'inactive' },
        requirements: {
          currently_due: ['individual.first_name_kana'],
          past_due: [],
          disabled_reason: 'requirements.past_due',
        },
        metadata: body.metadata ?? {},
      };
      accounts.set(id, account);
      return answer(200, account);
    }
    if (request.method === 'GET' && accountPath?.[1]) {
      const found = accounts.get(accountPath[1]);
      return found
        ? answer(200, found)
        : answer(404, { error: { type: 'invalid_request_error', message: 'No such account' } });
    }
    if (request.method === 'POST' && url.pathname === '/v1/account_links') {
      return answer(200, {
        object: 'account_link',
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        url: `https://connect.stripe.test/setup/${body.account}`,
      });
    }
    const reversals = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(url.pathname);
    if (request.method === 'POST' && reversals?.[1]) {
      const transfer = transfers.get(reversals[1]);
      if (!transfer) return answer(404, { error: { type: 'invalid_request_error', message: 'No such transfer' } });
      const amount = Number(body.amount ?? Number(transfer.amount) - Number(transfer.amount_reversed));
      if (amount > Number(transfer.amount) - Number(transfer.amount_reversed))
        return answer(400, { error: { type: 'invalid_request_error', message: 'Amount exceeds what is left' } });
      transfer.amount_reversed = Number(transfer.amount_reversed) + amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      return answer(200, {
        id: `trr_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
        object: 'transfer_reversal',
        amount,
        transfer: transfer.id,
        metadata: body.metadata ?? {},
      });
    }
    if (request.method === 'POST' && url.pathname === '/v1/transfers') {
      if (transferDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, transferDelayMs));
      if (!accounts.has(String(body.destination))) {
        return answer(400, { error: { type: 'invalid_request_error', message: 'No such destination' } });
      }
      const transfer = {
        id: `tr_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
        object: 'transfer',
        amount: Number(body.amount),
        currency: body.currency,
        destination: body.destination,
        metadata: body.metadata ?? {},
        transfer_group: body.transfer_group ?? null,
        reversed: false,
        amount_reversed: 0,
      };
      transfers.set(transfer.id, transfer);
      return answer(200, transfer);
    }
    if (request.method === 'GET' && intent?.[1]) {
      const found = paymentIntents.get(intent[1]);
      return found
        ? answer(200, found)
        : answer(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    }
    return answer(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
      },
    });
  });
  const eventOf = (type: string, object: unknown, eventId?: string) =>
    JSON.stringify({
      id: eventId ?? `evt_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    paymentIntents,
    sign: (payload, secret, timestamp) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) }),
    transfers,
    verifyAccount: (id) => {
      const account = accounts.get(id);
      if (!account) throw new Error(`no account ${id}`);
      Object.assign(account, {
        details_submitted: true,
        payouts_enabled: true,
        charges_enabled: true,
        capabilities: { transfers: 'active' },
        requirements: { currently_due: [], past_due: [], disabled_reason: null },
      });
      return eventOf('account.updated', account);
    },
    transferEvent: (id, type) => {
      const transfer = transfers.get(id);
      if (!transfer) throw new Error(`no transfer ${id}`);
      if (type === 'transfer.reversed') Object.assign(transfer, { reversed: true, amount_reversed: transfer.amount });
      return eventOf(type, transfer);
    },
    reverseTransfer: (id, amount) => {
      const transfer = transfers.get(id);
      if (!transfer) throw new Error(`no transfer ${id}`);
      const reversed = Number(transfer.amount_reversed) + amount;
      Object.assign(transfer, { amount_reversed: reversed, reversed: reversed === transfer.amount });
      return eventOf('transfer.reversed', transfer);
    },
    refundEvent: (intentId, amountRefunded) => {
      const intent = paymentIntents.get(intentId);
      if (!intent) throw new Error(`no PaymentIntent ${intentId}`);
      return eventOf('charge.refunded', {
        id: intent.latest_charge ?? `ch_${intentId.slice(3)}`,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: amountRefunded,
        refunded: amountRefunded === intent.amount,
        payment_intent: intentId,
        currency: intent.currency,
      });
    },
    disputeEvent: (intentId, type, dispute) => {
      const intent = paymentIntents.get(intentId);
      if (!intent) throw new Error(`no PaymentIntent ${intentId}`);
      return eventOf(type, {
        ...dispute,
        object: 'dispute',
        charge: intent.latest_charge ?? `ch_${intentId.slice(3)}`,
        payment_intent: intentId,
        currency: intent.currency,
        reason: 'fraudulent',
      });
    },
    slowTransfers: (ms) => {
      transferDelayMs = ms;
    },
    succeed: (id, eventId) => {
      const found = paymentIntents.get(id);
      if (!found) throw new Error(`no PaymentIntent ${id}`);
      found.status = 'succeeded';
      found.latest_charge = `ch_${id.slice(3)}`;
      return eventOf('payment_intent.succeeded', found, eventId);
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
