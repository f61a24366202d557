/**
 * Wallet sign-in with EIP-4361 messages, replay-proof; sessions with short access tokens and rotating
 * refresh tokens; logout. Real HTTP against the built server on a fresh database.
 */
import { request as httpRequest } from 'node:http';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, startApp } from '../helpers/api.ts';
import { walletSignIn } from './signIn.ts';

// anvil's first two development keys: well-known test keys, never funded outside a local chain
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

let app: App;
beforeAll(async () => {
  app = await startApp({ env: { ACCESS_TOKEN_TTL_MS: '1500', REFRESH_REUSE_GRACE_MS: '0' } });
});
afterAll(async () => {
  await app?.stop();
});

describe('GET /api/v1/mch_session/nonce', () => {
  test('returns a one-time EIP-4361 message for the wallet, with the warning and a 5-minute expiry', async () => {
    const res = await app
      .client()
      .get<{ message: string; nonce: string; expiresAt: string }>(
        `/api/v1/mch_session/nonce?wallet_address=${alice.address}`,
      );
    expect(res.status).toBe(200);
    const host = new URL(app.url).host;
    expect(res.body.message).toContain(`${host} wants you to sign in with your Ethereum account:\n${alice.address}`);
    expect(res.body.message).toContain('gives no access to your funds');
    expect(res.body.message).toContain(`URI: ${app.url}`);
    expect(res.body.message).toMatch(/Chain ID: 1\n/);
    expect(res.body.message).toContain(`Nonce: ${res.body.nonce}`);
    const ttl = new Date(res.body.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });

  test('one address may ask for 120 sign-in messages in ten minutes, then gets 429', async () => {
    const client = app.client('127.0.0.5');
    const ask = () => client.get(`/api/v1/mch_session/nonce?wallet_address=${alice.address}`);
    let issued = 0;
    let refused: Awaited<ReturnType<typeof ask>> | undefined;
    // Fixed ten-minute windows: a burst crossing a window boundary may get up to twice the limit through.
    for (let i = 0; i < 250 && !refused; i += 1) {
      const res = await ask();
      if (res.status === 429) refused = res;
      else issued += 1;
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(issued).toBeGreaterThanOrEqual(120);
    expect(issued).toBeLessThanOrEqual(240);
  });

  test('refuses a missing or malformed address with 422', async () => {
    expect((await app.client().get('/api/v1/mch_session/nonce')).status).toBe(422);
    const res = await app.client().get('/api/v1/mch_session/nonce?wallet_address=0x123');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: expect.stringContaining('wallet_address') });
  });
});

describe('POST /api/v1/mch_session', () => {
  test('signs a wallet in, creates the user once, sets HttpOnly SameSite=Lax cookies', async () => {
    const client = app.client();
    const res = await walletSignIn(client, alice);
    expect(res.status).toBe(200);
    expect(res.body.currentUser).toMatchObject({ walletAddress: alice.address.toLowerCase(), role: 'user' });
    const cookies = res.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/demo_auth=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/demo_auth_refresh=[^;]+;.*SameSite=Lax/);
    expect(cookies).not.toMatch(/Secure/);
    const me = await client.get<{ currentUser: { id: number; walletAddress: string; userProfile: unknown } }>(
      '/api/v1/current_user',
    );
    expect(me.status).toBe(200);
    expect(me.body.currentUser).toEqual({
      id: expect.any(Number),
      walletAddress: alice.address.toLowerCase(),
      role: 'user',
      userProfile: { name: null, image: { icon: null, thumb: null } },
    });
    const again = await walletSignIn(app.client(), alice);
    expect(again.body.currentUser).toMatchObject({ walletAddress: alice.address.toLowerCase() });
    expect((await app.client().get('/api/v1/current_user')).status).toBe(401);
  });

  test('a signed message cannot be used twice', async () => {
    const client = app.client();
    const nonce = await client.get<{ message: string }>(`/api/v1/mch_session/nonce?wallet_address=${alice.address}`);
    const signature = await alice.signMessage({ message: nonce.body.message });
    const body = { wallet_address: alice.address, signature, message: nonce.body.message };
    expect((await client.post('/api/v1/mch_session', body)).status).toBe(200);
    const replay = await app.client().post('/api/v1/mch_session', body);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: 'This sign-in message was already used' });
  });

  test('refuses a signature by another wallet', async () => {
    const nonce = await app
      .client()
      .get<{ message: string }>(`/api/v1/mch_session/nonce?wallet_address=${alice.address}`);
    const signature = await bob.signMessage({ message: nonce.body.message });
    const res = await app
      .client()
      .post('/api/v1/mch_session', { wallet_address: alice.address, signature, message: nonce.body.message });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'The signature does not match the wallet' });
  });

  test('refuses a message for another wallet address', async () => {
    const nonce = await app
      .client()
      .get<{ message: string }>(`/api/v1/mch_session/nonce?wallet_address=${alice.address}`);
    const signature = await alice.signMessage({ message: nonce.body.message });
    const res = await app
      .client()
      .post('/api/v1/mch_session', { wallet_address: bob.address, signature, message: nonce.body.message });
    expect(res.status).toBe(401);
  });

  async function craftedSignIn(overrides: { domain?: string; uri?: string; expirationTime?: Date }) {
    const nonce = await app
      .client()
      .get<{ nonce: string }>(`/api/v1/mch_session/nonce?wallet_address=${alice.address}`);
    const message = createSiweMessage({
      address: alice.address,
      chainId: 1,
      domain: overrides.domain ?? new URL(app.url).host,
      uri: overrides.uri ?? app.url,
      nonce: nonce.body.nonce,
      version: '1',
      issuedAt: new Date(Date.now() - 10 * 60_000),
      expirationTime: overrides.expirationTime ?? new Date(Date.now() + 60_000),
    });
    const signature = await alice.signMessage({ message });
    return app.client().post('/api/v1/mch_session', { wallet_address: alice.address, signature, message });
  }

  test('accepts only the message it issued: another domain, URI or expiry with the same nonce is refused', async () => {
    for (const overrides of [{ domain: 'evil.example' }, { uri: 'https://evil.example' }, {}]) {
      const res = await craftedSignIn(overrides);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'The sign-in message was changed' });
    }
  });

  test('a nonce asked for with a foreign Host header is still for the configured site, and signs in only there', async () => {
    const url = new URL(`/api/v1/mch_session/nonce?wallet_address=${alice.address}`, app.url);
    const body = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(url, { headers: { host: 'evil.example' } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve(text));
      });
      request.on('error', reject);
      request.end();
    });
    const { message } = JSON.parse(body) as { message: string };
    expect(message).toMatch(new RegExp(`^${new URL(app.url).host} wants you to sign in`));
    expect(message).toContain(`URI: ${app.url}`);
    expect(message).not.toContain('evil.example');
    const signature = await alice.signMessage({ message });
    const res = await app.client().post('/api/v1/mch_session', { wallet_address: alice.address, signature, message });
    expect(res.status).toBe(200);
  });

  test('bad bodies get clear 4xx answers, never 500', async () => {
    const client = app.client();
    expect((await client.post('/api/v1/mch_session', {})).status).toBe(422);
    expect(
      (await client.post('/api/v1/mch_session', { wallet_address: alice.address, signature: 'nope', message: 'x' }))
        .status,
    ).toBe(422);
    const notJson = await client.request('POST', '/api/v1/mch_session', { rawBody: '{not json' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ message: 'The body is not valid JSON' });
    const huge = await client.post('/api/v1/mch_session', { message: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    const form = await client.request('POST', '/api/v1/mch_session', {
      rawBody: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const notSiwe = await client.post('/api/v1/mch_session', {
      wallet_address: alice.address,
      signature: '0x1234',
      message: 'hello',
    });
    expect(notSiwe.status).toBe(401);
  });

  test('refuses requests without the site headers or from a foreign origin (403)', async () => {
    const noHeaders = await app.client().post('/api/v1/mch_session', {}, { siteHeaders: false });
    expect(noHeaders.status).toBe(403);
    expect(noHeaders.body).toEqual({ message: 'Missing header X-Requested-With: XMLHttpRequest' });
    const wrongKey = await app.client().post('/api/v1/mch_session', {}, { headers: { 'x-api-key': 'guess' } });
    expect(wrongKey.status).toBe(403);
    const foreign = await app.client().post('/api/v1/mch_session', {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'Requests from https://evil.example are not accepted' });
  });
});

describe('tokens', () => {
  test('an expired access token answers TOKEN_EXPIRED; refresh issues a new pair; the retry works', async () => {
    const client = app.client();
    await walletSignIn(client, bob);
    expect((await client.get('/api/v1/current_user')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const expired = await client.get('/api/v1/current_user');
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'TOKEN_EXPIRED' });
    const refresh = await client.post('/api/v1/refresh');
    expect(refresh.status).toBe(200);
    const retry = await client.get<{ currentUser: { walletAddress: string } }>('/api/v1/current_user');
    expect(retry.status).toBe(200);
    expect(retry.body.currentUser.walletAddress).toBe(bob.address.toLowerCase());
  });

  test('reusing an old refresh token revokes the whole family', async () => {
    const client = app.client();
    await walletSignIn(client, bob);
    const oldRefresh = client.cookies.get('demo_auth_refresh');
    expect((await client.post('/api/v1/refresh')).status).toBe(200);
    expect((await client.get('/api/v1/current_user')).status).toBe(200);
    const thief = app.client();
    thief.cookies.set('demo_auth_refresh', oldRefresh ?? '');
    expect((await thief.post('/api/v1/refresh')).status).toBe(401);
    const afterTheft = await client.get('/api/v1/current_user');
    expect(afterTheft.status).toBe(401);
    expect(afterTheft.body).toEqual({ message: 'Authentication required' });
    expect((await client.post('/api/v1/refresh')).status).toBe(401);
  });

  test('refresh without a session answers 401', async () => {
    const res = await app.client().post('/api/v1/refresh');
    expect(res.status).toBe(401);
  });

  test('logout ends the session even after the access token expired: the refresh cookie no longer works', async () => {
    const client = app.client();
    await walletSignIn(client, alice);
    const refresh = client.cookies.get('demo_auth_refresh') ?? '';
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect((await client.get('/api/v1/current_user')).body).toEqual({ message: 'TOKEN_EXPIRED' });
    expect((await client.del('/api/v1/session')).status).toBe(200);
    const replay = app.client();
    replay.cookies.set('demo_auth_refresh', refresh);
    expect((await replay.post('/api/v1/refresh')).status).toBe(401);
  });

  test('DELETE /api/v1/session logs out: the cookies go and the token stops working', async () => {
    const client = app.client();
    await walletSignIn(client, alice);
    const access = client.cookies.get('demo_auth');
    const res = await client.del('/api/v1/session');
    expect(res.status).toBe(200);
    expect(client.cookies.has('demo_auth')).toBe(false);
    const stale = app.client();
    stale.cookies.set('demo_auth', access ?? '');
    expect((await stale.get('/api/v1/current_user')).status).toBe(401);
  });
});
