/**
 * The request gate and session edges an attacker would try: the API under a locale prefix, bodies of a
 * media type that only looks like JSON, open redirects, refresh tokens presented again by another client,
 * and a reverse proxy's forwarded headers (believed only from a configured proxy).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, startApp } from '../helpers/api.ts';
import { ILLUSTRATOR, seedAccounts } from './fixtures.ts';

/** A server RPC URL with an API key in it: it must never reach a page. */
const SECRET_RPC = 'https://eth-mainnet.example/v2/secret-api-key-123';
let app: App;
let proxied: App;
beforeAll(async () => {
  [app, proxied] = await Promise.all([
    startApp({ seed: seedAccounts }),
    startApp({
      seed: seedAccounts,
      env: {
        TRUSTED_PROXIES: '127.0.0.1',
        CHAIN_OVERRIDES_JSON: JSON.stringify({ ETH: { rpcUrls: [SECRET_RPC] } }),
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.stop(), proxied?.stop()]);
});

const signIn = (target: App, headers: Record<string, string> = {}) => {
  const client = target.client();
  return client
    .post('/api/v1/illustrator_session', { uid: ILLUSTRATOR.uid, password: ILLUSTRATOR.password }, { headers })
    .then((res) => ({ client, res }));
};

describe('the API gate', () => {
  test('the API has no English twin: /en/api/... answers 404 and changes nothing, with or without site headers', async () => {
    const { client } = await signIn(app);
    for (const [method, path] of [
      ['DELETE', '/en/api/v1/session'],
      ['POST', '/en/api/v1/illustrator_session'],
      ['POST', '/en/api/v1/orders/cancel_all'],
      ['GET', '/en/api/v1/current_user'],
    ] as const) {
      for (const siteHeaders of [true, false]) {
        const res = await client.request(method, path, { siteHeaders, ...(method === 'GET' ? {} : { body: {} }) });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect((await client.get('/api/v1/current_user')).status).toBe(200);
  });

  test('an unknown API path answers a JSON 404 in the API error shape, never the HTML page', async () => {
    for (const path of ['/api/v1/no_such_endpoint', '/api/v1/no/such/thing', '/api/v2/cards', '/api']) {
      const response = await fetch(`${app.url}${path}`, { headers: { Accept: 'text/html,*/*' } });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await response.json(), path).toEqual({ message: expect.stringMatching(/^Not found/) });
    }
    const posted = await app.client().request('POST', '/api/v1/no_such_endpoint', { body: {} });
    expect(posted.status).toBe(404);
    expect(posted.body).toEqual({ message: expect.stringMatching(/^Not found/) });
  });

  test('an escaped API path is gated like the plain one', async () => {
    const res = await app.client().request('DELETE', '/%61pi/v1/session', { siteHeaders: false });
    expect([403, 404]).toContain(res.status);
  });

  test('a body whose media type only mentions JSON is refused with 415', async () => {
    for (const type of ['text/plain; x=application/json', 'application/jsonp', 'text/plain']) {
      const res = await app.client().request('POST', '/api/v1/illustrator_session', {
        rawBody: JSON.stringify({ uid: ILLUSTRATOR.uid, password: ILLUSTRATOR.password }),
        headers: { 'content-type': type },
      });
      expect(res.status, type).toBe(415);
      expect(res.body).toEqual({ message: 'The body must be JSON (Content-Type: application/json)' });
    }
    const ok = await app.client().request('POST', '/api/v1/illustrator_session', {
      rawBody: JSON.stringify({ uid: ILLUSTRATOR.uid, password: ILLUSTRATOR.password }),
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(ok.status).toBe(200);
  });

  test('an upload that is not exactly multipart/form-data is refused with 415', async () => {
    const { client } = await signIn(app);
    const res = await client.request('POST', '/api/v1/profile/icon', {
      rawBody: '--x\r\n\r\n--x--',
      headers: { 'content-type': 'text/plain; boundary=x; y=multipart/form-data' },
    });
    expect(res.status).toBe(415);
  });
});

describe('configuration that stays on the server', () => {
  test('a server RPC URL with an API key never reaches a page', async () => {
    for (const path of ['/', '/en/market', '/tokens/1/0x0000000000000000000000000000000000000001/1']) {
      const page = await proxied.client().get<string>(path);
      expect(String(page.body)).not.toContain('secret-api-key');
    }
  });
});

describe('redirects', () => {
  test('?redirect= is followed only to a path of this site', async () => {
    const continueLink = async (value: string) => {
      const res = await app.client().get<string>(`/login?redirect=${encodeURIComponent(value)}`);
      return /href="([^"]*)"[^>]*data-auth-continue/.exec(res.body)?.[1];
    };
    expect(await continueLink('/market?tab=NFTs')).toBe('/market?tab=NFTs');
    for (const evil of ['/\\evil.com', '//evil.com', 'https://evil.com', '/\\/evil.com']) {
      expect(await continueLink(evil), evil).toBe('/session');
    }
  });
});

describe('refresh tokens', () => {
  test('within the grace window only the client that used a refresh token may present it again', async () => {
    const { client } = await signIn(app, { 'user-agent': 'Tab browser' });
    const used = client.cookies.get('demo_auth_refresh') ?? '';
    expect((await client.post('/api/v1/refresh', undefined, { headers: { 'user-agent': 'Tab browser' } })).status).toBe(
      200,
    );
    const secondTab = app.client();
    secondTab.cookies.set('demo_auth_refresh', used);
    const again = await secondTab.post('/api/v1/refresh', undefined, { headers: { 'user-agent': 'Tab browser' } });
    expect(again.status).toBe(200);
    const thief = app.client('127.0.0.9');
    thief.cookies.set('demo_auth_refresh', used);
    expect((await thief.post('/api/v1/refresh', undefined, { headers: { 'user-agent': 'Tab browser' } })).status).toBe(
      401,
    );
    expect((await client.get('/api/v1/current_user')).status).toBe(401);
  });
});

describe('behind a reverse proxy', () => {
  test('forwarded headers count only from a configured proxy: the client address and HTTPS', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };
    const direct = await signIn(app, forwarded);
    expect(direct.res.headers.getSetCookie().join('\n')).not.toMatch(/Secure/);
    const viaProxy = await signIn(proxied, forwarded);
    expect(viaProxy.res.status).toBe(200);
    expect(viaProxy.res.headers.getSetCookie().join('\n')).toMatch(/demo_auth=[^;]+;.*Secure/);
  });

  test('per-address limits use the forwarded client address behind the proxy', async () => {
    const guess = (client: string, password: string) =>
      proxied
        .client()
        .post(
          '/api/v1/illustrator_session',
          { uid: ILLUSTRATOR.uid, password },
          { headers: { 'x-forwarded-for': client } },
        );
    for (let i = 0; i < 6; i += 1) await guess('198.51.100.1', `wrong-${i}`);
    expect((await guess('198.51.100.1', ILLUSTRATOR.password)).status).toBe(429);
    expect((await guess('198.51.100.2', ILLUSTRATOR.password)).status).toBe(200);
    // A client cannot choose its own address by writing the header: only the right-most hop is believed.
    expect((await guess('198.51.100.2, 198.51.100.1', ILLUSTRATOR.password)).status).toBe(429);
  });
});
