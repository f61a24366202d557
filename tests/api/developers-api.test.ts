/**
 * The developer API over HTTP against the built server, started as production would treat webhooks
 * (`WEBHOOK_ALLOW_LOOPBACK=0`): API keys made and revoked by a signed-in user, the per-key limit under
 * `autocannon` (429 with `Retry-After`, `RateLimit` remaining falling to 0 and a reset at the window's end),
 * webhook URLs that reach this machine or the cloud metadata address refused, bad input answered 4xx in the
 * document's error shape, the OpenAPI document passing `redocly lint`, and a client generated from it
 * (`openapi-typescript` types, `openapi-fetch`) calling the API: the committed types must equal what the served
 * document generates, so a route that drifts from its contract fails here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { paths } from '../../clients/kirafudaApi.ts';
import { parseStateField } from '../../src/features/developers/limits/rateLimitFields.ts';
import { type ApiClient, type App, startApp } from '../helpers/api.ts';
import { ANVIL_KEYS } from '../helpers/testWallet.ts';
import { walletSignIn } from './signIn.ts';

/**
 * Route files that are not part of the public API, and why (the back office under `admins/` and `dashboard/` too):
 * each is called by the site's own pages, by staff, or by a service that signs its calls.
 */
const INTERNAL_ROUTES: Record<string, string> = {
  admin_session: 'staff sign-in (back office)',
  illustrator_session: 'staff sign-in (illustrators)',
  passwords: 'staff passwords',
  refresh: "the site's own session refresh",
  card_issue: "illustrators' issue form (back office)",
  'cards/[id]/view': "the card page's view counter",
  changes: "the site's live pages (cache tags)",
  'changes/latest': "the site's live pages (cache tags)",
  'notifications/stream': "the site's header bell",
  'email/confirm': 'a link in a confirmation mail',
  'email/events': "the mail provider's reports (signed)",
  unsubscribe: 'a link in mails (RFC 8058)',
  'payments/stripe/webhook': "Stripe's webhook (signed)",
};

const QUOTA = 25;
const WINDOW = 600;
const GENERATED = join(import.meta.dirname, '..', '..', 'clients', 'kirafudaApi.ts');

let app: App;
let user: ApiClient;

beforeAll(async () => {
  app = await startApp({
    env: {
      WEBHOOK_ALLOW_LOOPBACK: '0',
      API_KEY_RATE_LIMIT: String(QUOTA),
      API_KEY_RATE_WINDOW_SECONDS: String(WINDOW),
    },
  });
  user = app.client();
  expect((await walletSignIn(user, privateKeyToAccount(ANVIL_KEYS[3]))).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

/** A new API key of the signed-in user. */
async function newKey(name: string): Promise<string> {
  const made = await user.post<{ key: string; prefix: string }>('/api/v1/api_keys', { name });
  expect(made.status).toBe(201);
  return made.body.key;
}

/** A request with an API key and nothing of the site (no cookies, no site headers), as a bot sends it. */
function withKey(key: string, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(new URL(path, app.url), {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

describe('API keys', () => {
  test('a signed-in user makes a key (shown once), lists it without its secret and revokes it', async () => {
    const key = await newKey('portfolio bot');
    expect(key).toMatch(/^kf_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const listed = await user.get<{ api_keys: { prefix: string; name: string }[] }>('/api/v1/api_keys');
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(16));
    const mine = listed.body.api_keys.find((entry) => key.startsWith(`kf_${entry.prefix}_`));
    expect(mine?.name).toBe('portfolio bot');
    const ok = await withKey(key, '/api/v1/events');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-policy')).toBe(`"key";q=${QUOTA};w=${WINDOW}`);
    const revoked = await user.request<{ revoked_at: string | null }>(
      'DELETE',

      `/api/v1/api_keys/${(mine as { id?: number })?.id}`,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).not.toBeNull();
    const refused = await withKey(key, '/api/v1/events');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Unknown or revoked API key' });
  });

  test('keys are made only by a signed-in user; a malformed key is 401, never an answer as if none was sent', async () => {
    const anonymous = app.client();
    expect((await anonymous.post('/api/v1/api_keys', { name: 'x' })).status).toBe(401);
    const malformed = await withKey('kf_nothex_short', '/api/v1/events');
    expect(malformed.status).toBe(401);
    expect(await malformed.json()).toEqual({ message: expect.stringMatching(/API key/) });
    const unknown = await withKey(`kf_000000000000_${'A'.repeat(43)}`, '/api/v1/events');
    expect(unknown.status).toBe(401);
  });
});

describe('the per-key limit', () => {
  test('under autocannon: RateLimit remaining falls to 0, then 429 with Retry-After and the same reset', async () => {
    const key = await newKey('load');
    const seen: { status: number; remaining?: number; reset?: number; retryAfter?: string }[] = [];
    const started = Date.now();
    await autocannon({
      url: app.url,
      connections: 4,
      amount: QUOTA + 15,
      headers: { authorization: `Bearer ${key}` },
      requests: [
        {
          method: 'GET',
          path: '/api/v1/events?limit=1',
          onResponse: (status, _body, _context, headers) => {
            const state = parseStateField(String(headers?.['ratelimit'] ?? ''));
            seen.push({
              status,
              ...(state ? { remaining: state.remaining, reset: state.resetSeconds } : {}),
              ...(headers?.['retry-after'] ? { retryAfter: String(headers['retry-after']) } : {}),
            });
          },
        },
      ],
    });
    const ok = seen.filter((entry) => entry.status === 200);
    const limited = seen.filter((entry) => entry.status === 429);
    expect(ok).toHaveLength(QUOTA);
    expect(limited).toHaveLength(15);
    // Every allowed answer told a different remaining count, from QUOTA - 1 down to 0.
    expect(ok.map((entry) => entry.remaining).sort((a, b) => (b ?? 0) - (a ?? 0))).toEqual(
      Array.from({ length: QUOTA }, (_, index) => QUOTA - 1 - index),
    );
    // The reset is the end of the window the requests fell in (fixed windows of WINDOW seconds).
    const windowEnd = Math.ceil((Math.floor(started / 1000 / WINDOW) + 1) * WINDOW - started / 1000);
    for (const entry of [...ok, ...limited]) expect(Math.abs((entry.reset ?? -99) - windowEnd)).toBeLessThanOrEqual(2);
    for (const entry of limited) {
      expect(entry.remaining).toBe(0);
      expect(Number(entry.retryAfter)).toBe(entry.reset);
    }
    // Another key has its own quota.
    expect((await withKey(await newKey('other'), '/api/v1/events')).status).toBe(200);
  }, 60_000);
});

describe('webhook URLs in production mode', () => {
  test('loopback, the metadata address, private ranges and a name resolving to loopback are refused 422', async () => {
    const key = await newKey('hooks');
    for (const url of [
      'http://127.0.0.1:9/hook',
      'https://127.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/hook',
      'https://[::1]/hook',
      'https://localhost/hook',
      `${app.url}/api/v1/health`,
    ]) {
      const answer = await withKey(key, '/api/v1/webhooks', { method: 'POST', body: { url, events: ['sale'] } });
      expect([url, answer.status]).toEqual([url, 422]);
      expect(await answer.json()).toEqual({ message: expect.stringMatching(/public address|https/) });
    }
    expect(await (await withKey(key, '/api/v1/webhooks')).json()).toEqual({ webhooks: [] });
  });

  test('bad input is a clear 4xx in the error shape: unknown event type, malformed ids, cursors not ours', async () => {
    const key = await newKey('bad input');
    const cases: [string, string, unknown, number][] = [
      ['POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/', events: ['sale', 'nft.minted'] }, 422],
      ['POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/', events: [] }, 422],
      ['POST', '/api/v1/webhooks/abc/replay', { from_event_id: 'evt_1' }, 422],
      ['POST', '/api/v1/webhooks/1/replay', { from_event_id: 'event-1' }, 422],
      ['DELETE', '/api/v1/webhooks/999999', undefined, 404],
      ['GET', '/api/v1/events?after=evt_999999', undefined, 422],
      ['GET', '/api/v1/events?after=12', undefined, 422],
      ['GET', '/api/v1/events?types=sale,nope', undefined, 422],
      ['GET', '/api/v1/events?collection=abc', undefined, 422],
      ['GET', '/api/v1/events/stream?after=evt_x', undefined, 422],
    ];
    for (const [method, path, body, status] of cases) {
      const answer = await withKey(key, path, { method, ...(body === undefined ? {} : { body }) });
      expect([method, path, answer.status]).toEqual([method, path, status]);
      expect(await answer.json()).toEqual({ message: expect.any(String) });
    }
    const stale = await fetch(new URL('/api/v1/events/stream', app.url), {
      headers: { 'last-event-id': 'evt_999999' },
    });
    expect(stale.status).toBe(422);
    const notJson = await fetch(new URL('/api/v1/webhooks', app.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      body: 'url=x',
    });
    expect(notJson.status).toBe(415);
    // Without a key, a webhook write from outside the site is a forgery: refused by the site's gate.
    const forged = await fetch(new URL('/api/v1/webhooks', app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://hooks.example.com/', events: ['sale'] }),
    });
    expect(forged.status).toBe(403);
  });
});

describe('the OpenAPI document', () => {
  let document: Record<string, unknown>;
  beforeAll(async () => {
    const answer = await fetch(new URL('/api/v1/openapi.json', app.url));
    expect(answer.status).toBe(200);
    document = (await answer.json()) as Record<string, unknown>;
  });

  test('names every public route file and each of its methods; the rest are listed as internal, with why', () => {
    const routes = join(process.cwd(), 'src/pages/api/v1');
    const paths = document['paths'] as Record<string, Record<string, unknown>>;
    const missing: string[] = [];
    for (const entry of readdirSync(routes, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.ts') || entry.split('/').some((part) => part.startsWith('_'))) continue;
      const file = entry.replace(/\.ts$/, '');
      if (file.startsWith('admins/') || file.startsWith('dashboard/') || file in INTERNAL_ROUTES) continue;
      const path = `/api/v1/${file.replace(/\[([a-z_]+)\]/g, '{$1}').replace(/\/index$|^index$/, '')}`;
      const methods = [
        ...readFileSync(join(routes, entry), 'utf8').matchAll(
          /^export (?:const|function) (GET|POST|PUT|DELETE|PATCH)\b/gm,
        ),
      ];
      for (const [, method] of methods)
        if (!paths[path]?.[String(method).toLowerCase()]) missing.push(`${method} ${path}`);
    }
    expect(missing).toEqual([]);
  });

  test('is OpenAPI 3.1 and passes redocly lint', () => {
    expect(document['openapi']).toMatch(/^3\.1\./);
    const file = join(mkdtempSync(join(tmpdir(), 'kirafuda-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const lint = spawnSync(
      process.execPath,
      [join(process.cwd(), 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--format=stylish'],
      { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    expect(`${lint.stdout}\n${lint.stderr}`).not.toMatch(/\d+ errors?\b(?! 0)/);
    expect(lint.status, `${lint.stdout}\n${lint.stderr}`).toBe(0);
  }, 60_000);

  test('the committed client types are what openapi-typescript makes of the served document', async () => {
    const generated = astToString(await openapiTS(document as never));
    const committed = readFileSync(GENERATED, 'utf8');
    // Regenerate with `node scripts/openapi-types.mjs` after changing a contract.
    expect(committed.slice(committed.indexOf('\n') + 1)).toBe(generated);
  }, 30_000);

  test('a client generated from it calls the API: keys, webhooks, replay and the feed', async () => {
    const key = await newKey('generated client');
    const client = createClient<paths>({ baseUrl: app.url, headers: { authorization: `Bearer ${key}` } });
    const feed = await client.GET('/api/v1/events', { params: { query: { limit: 10 } } });
    expect(feed.response.status).toBe(200);
    expect(feed.data?.next).toMatch(/^evt_\d+$/);
    const refused = await client.POST('/api/v1/webhooks', {
      body: { url: 'http://127.0.0.1:9/', events: ['sale', 'transfer'] },
    });
    expect(refused.response.status).toBe(422);
    expect(refused.error?.message).toMatch(/public address|https/);
    const listed = await client.GET('/api/v1/webhooks');
    expect(listed.data?.webhooks).toEqual([]);
    const missing = await client.POST('/api/v1/webhooks/{id}/replay', {
      params: { path: { id: 424242 } },
      body: { from_event_id: 'evt_1' },
    });
    expect(missing.response.status).toBe(404);
    const doc = await client.GET('/api/v1/openapi.json');
    expect(doc.data?.openapi).toMatch(/^3\.1/);
  });
});
