/**
 * Illustrator and admin sign-in with uid and password (argon2id), attempt limits (429 + Retry-After),
 * the illustrator password change, and the separate admin session.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, startApp } from '../helpers/api.ts';
import { ADMIN, ILLUSTRATOR, seedAccounts } from './fixtures.ts';
import { walletSignIn } from './signIn.ts';

const carol = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');

let app: App;
beforeAll(async () => {
  app = await startApp({ seed: seedAccounts });
});
afterAll(async () => {
  await app?.stop();
});

async function illustratorClient(password = ILLUSTRATOR.password) {
  const client = app.client();
  const res = await client.post('/api/v1/illustrator_session', { uid: ILLUSTRATOR.uid, password });
  return { client, res };
}

describe('illustrator sign-in', () => {
  test('the right uid and password sign the illustrator in with role illustrator', async () => {
    const { client, res } = await illustratorClient();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      currentUser: {
        id: expect.any(Number),
        walletAddress: ILLUSTRATOR.wallet,
        role: 'illustrator',
        userProfile: { name: 'さくら', image: { icon: null, thumb: null } },
      },
    });
    expect((await client.get<{ currentUser: { role: string } }>('/api/v1/current_user')).body.currentUser.role).toBe(
      'illustrator',
    );
  });

  test('a wrong password and an unknown uid fail alike', async () => {
    const wrong = await app
      .client()
      .post('/api/v1/illustrator_session', { uid: ILLUSTRATOR.uid, password: 'not the password' });
    const unknown = await app
      .client()
      .post('/api/v1/illustrator_session', { uid: 'nobody-here', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ message: 'The ID or password is incorrect' });
  });

  test('missing fields answer 422', async () => {
    const res = await app.client().post('/api/v1/illustrator_session', { uid: '' });
    expect(res.status).toBe(422);
  });

  test('too many attempts for one uid answer 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<ReturnType<App['client']>['post']>> | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await app.client().post('/api/v1/illustrator_session', { uid: 'target-uid', password: `guess-${i}` });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.body).toEqual({ message: 'Too many attempts. Try again later.' });
  });
});

describe('guessing passwords', () => {
  const guess = (from: string, uid: string, password: string, path = '/api/v1/illustrator_session') =>
    app.client(from).post(path, { uid, password });

  test('40 parallel guesses at one uid from one address: 5 are checked, the rest answer 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => guess('127.0.0.11', 'parallel-target', `guess-${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });

  test('after 40 wrong tries from one address, the right password from another still signs in', async () => {
    for (const [path, uid, password] of [
      ['/api/v1/illustrator_session', ILLUSTRATOR.uid, ILLUSTRATOR.password],
      ['/api/v1/admin_session', ADMIN.uid, ADMIN.password],
    ] as const) {
      for (let i = 0; i < 40; i += 1) await guess('127.0.0.12', uid, `wrong-${i}`, path);
      expect((await guess('127.0.0.12', uid, password, path)).status).toBe(429);
      expect((await guess('127.0.0.13', uid, password, path)).status).toBe(200);
    }
  });

  test('wrong guesses from many addresses slow the account down with growing waits, never a lockout', async () => {
    const uid = 'spread-target';
    for (let i = 0; i < 10; i += 1) expect((await guess(`127.0.1.${i + 1}`, uid, `wrong-${i}`)).status).toBe(401);
    expect((await guess('127.0.1.50', uid, 'wrong-10')).status).toBe(401);
    const first = await guess('127.0.1.51', uid, 'wrong-11');
    expect(first.status).toBe(429);
    expect(first.body).toEqual({ message: 'Too many failed sign-ins for this account. Try again in a moment.' });
    const firstWait = Number(first.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThanOrEqual(1);
    expect(firstWait).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, firstWait * 1000 + 100));
    expect((await guess('127.0.1.52', uid, 'wrong-12')).status).toBe(401);
    const second = await guess('127.0.1.53', uid, 'wrong-13');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(firstWait);
  });
});

describe('PUT /api/v1/passwords', () => {
  test('refuses a mismatch and a short password with a message the page shows', async () => {
    const { client } = await illustratorClient();
    const mismatch = await client.put('/api/v1/passwords', {
      current_password: ILLUSTRATOR.password,
      password: 'brand-new-password',
      retype: 'brand-new-passw0rd',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toEqual({ message: 'retype: The two passwords do not match' });
    const short = await client.put('/api/v1/passwords', {
      current_password: ILLUSTRATOR.password,
      password: 'short',
      retype: 'short',
    });
    expect(short.status).toBe(422);
    expect(short.body).toEqual({ message: expect.stringContaining('at least 10 characters') });
  });

  test('asks for the current password again: missing or wrong answers 422 and changes nothing', async () => {
    const { client } = await illustratorClient();
    const change = { password: 'brand-new-password', retype: 'brand-new-password' };
    const missing = await client.put('/api/v1/passwords', change);
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: 'current_password: enter your current password' });
    const wrong = await client.put('/api/v1/passwords', { ...change, current_password: 'not-the-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: 'current_password: the current password is incorrect' });
    expect((await illustratorClient(ILLUSTRATOR.password)).res.status).toBe(200);
  });

  test('a wallet user cannot change an illustrator password, and nobody anonymous can', async () => {
    const wallet = app.client();
    await walletSignIn(wallet, carol);
    expect(
      (await wallet.put('/api/v1/passwords', { password: 'brand-new-password', retype: 'brand-new-password' })).status,
    ).toBe(403);
    expect(
      (await app.client().put('/api/v1/passwords', { password: 'brand-new-password', retype: 'brand-new-password' }))
        .status,
    ).toBe(401);
  });

  test('changes the password: the new one signs in, the old one does not, other sessions end', async () => {
    const { client: other } = await illustratorClient();
    const { client } = await illustratorClient();
    const res = await client.put('/api/v1/passwords', {
      current_password: ILLUSTRATOR.password,
      password: 'brand-new-password',
      retype: 'brand-new-password',
    });
    expect(res.status).toBe(200);
    expect((await client.get('/api/v1/current_user')).status).toBe(200);
    expect((await other.get('/api/v1/current_user')).status).toBe(401);
    expect((await illustratorClient(ILLUSTRATOR.password)).res.status).toBe(401);
    expect((await illustratorClient('brand-new-password')).res.status).toBe(200);
  });
});

describe('admin session', () => {
  test('an admin signs in with a session of its own and sees current_admin', async () => {
    const client = app.client();
    const res = await client.post('/api/v1/admin_session', ADMIN);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ currentAdmin: { uid: ADMIN.uid } });
    expect(res.headers.getSetCookie().join('\n')).toMatch(/demo_admin_auth=/);
    const me = await client.get('/api/v1/admins/current_admin');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ currentAdmin: { uid: ADMIN.uid } });
    expect((await client.get('/api/v1/current_user')).status).toBe(401);
    expect((await client.del('/api/v1/admin_session')).status).toBe(200);
    expect((await client.get('/api/v1/admins/current_admin')).status).toBe(401);
  });

  test('a wrong admin password answers 401; a wallet session is refused current_admin with 403', async () => {
    expect(
      (await app.client().post('/api/v1/admin_session', { uid: ADMIN.uid, password: 'wrong password!' })).status,
    ).toBe(401);
    const wallet = app.client();
    await walletSignIn(wallet, carol);
    expect((await wallet.get('/api/v1/admins/current_admin')).status).toBe(403);
    expect((await app.client().get('/api/v1/admins/current_admin')).status).toBe(401);
  });
});
