/**
 * Users in the back office on the demo data: search and pages, making a wallet user an illustrator with
 * a sign-in id and an initial password (who can then sign in), turning it back (sign-in closed), and
 * suspending (sessions end). Each change lands in the audit log. Real HTTP against the built server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient, App } from '../helpers/api.ts';
import { adminClient, startDemoApp, walletClient } from './admin-clients.ts';

interface UserRow {
  id: number;
  walletAddress: string;
  role: string;
  profileName: string | null;
  suspended: boolean;
  illustrator: { id: number; uid: string; name: string; canSignIn: boolean } | null;
}
interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

let app: App;
let admin: ApiClient;
beforeAll(async () => {
  app = await startDemoApp();
  admin = await adminClient(app);
});
afterAll(async () => {
  await app?.stop();
});

const users = (query = '') => admin.get<Page<UserRow>>(`/api/v1/admins/users${query}`);
const update = (id: number, body: unknown) =>
  admin.put<UserRow & { message: string }>(`/api/v1/admins/users/${id}`, body);

describe('GET /api/v1/admins/users', () => {
  test('pages through every user, newest first, without overlap', async () => {
    const all = await users('?per_page=100');
    expect(all.body.total).toBeGreaterThan(10);
    const first = await users('?per_page=5&page=1');
    const second = await users('?per_page=5&page=2');
    expect(first.body.items).toHaveLength(5);
    expect(first.body.totalPages).toBe(Math.ceil(all.body.total / 5));
    const ids = [...first.body.items, ...second.body.items].map((u) => u.id);
    expect(new Set(ids).size).toBe(10);
    expect(ids).toEqual(all.body.items.slice(0, 10).map((u) => u.id));
  });

  test('searches by profile name, illustrator ID and wallet; filters by role', async () => {
    const byName = await users('?q=hana_collects');
    expect(byName.body.items.map((u) => u.profileName)).toEqual(['hana_collects']);
    const byUid = await users('?q=ren-tsukishima');
    expect(byUid.body.items.map((u) => u.illustrator?.uid)).toEqual(['ren-tsukishima']);
    const wallet = byName.body.items[0]?.walletAddress ?? '';
    expect((await users(`?q=${wallet.slice(2, 12)}`)).body.items.map((u) => u.walletAddress)).toContain(wallet);
    const illustrators = await users('?role=illustrator&per_page=100');
    expect(illustrators.body.items.length).toBe(8);
    expect(illustrators.body.items.every((u) => u.role === 'illustrator' && u.illustrator !== null)).toBe(true);
  });

  test.each(['role=admin', 'suspended=yes', 'per_page=1000', 'page=0'])('refuses %s with 422', async (query) => {
    expect((await users(`?${query}`)).status).toBe(422);
  });
});

describe('changing a user', () => {
  test('makes a wallet user an illustrator who can then sign in with the ID and password', async () => {
    const { id } = await walletClient(app);
    const missing = await update(id, { role: 'illustrator', uid: 'new-artist' });
    expect(missing.status).toBe(422);
    const weak = await update(id, { role: 'illustrator', uid: 'new-artist', password: 'short' });
    expect(weak.status).toBe(422);
    const taken = await update(id, { role: 'illustrator', uid: 'ren-tsukishima', password: 'a-strong-password-1' });
    expect(taken.status).toBe(409);
    const res = await update(id, {
      role: 'illustrator',
      uid: 'new-artist',
      password: 'a-strong-password-1',
      name: '新しい作家',
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('illustrator');
    expect(res.body.illustrator).toMatchObject({ uid: 'new-artist', name: '新しい作家', canSignIn: true });
    const signIn = await app.client().post<{ currentUser: { role: string } }>('/api/v1/illustrator_session', {
      uid: 'new-artist',
      password: 'a-strong-password-1',
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.currentUser.role).toBe('illustrator');
  });

  test('turning an illustrator back into a user closes the sign-in and ends its sessions', async () => {
    const { id } = await walletClient(app);
    await update(id, { role: 'illustrator', uid: 'short-lived', password: 'short-lived-pass-1' });
    const session = app.client();
    expect(
      (await session.post('/api/v1/illustrator_session', { uid: 'short-lived', password: 'short-lived-pass-1' }))
        .status,
    ).toBe(200);
    const res = await update(id, { role: 'user' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('user');
    expect(res.body.illustrator?.canSignIn).toBe(false);
    expect((await session.get('/api/v1/current_user')).status).toBe(401);
    const again = await app.client().post('/api/v1/illustrator_session', {
      uid: 'short-lived',
      password: 'short-lived-pass-1',
    });
    expect(again.status).toBe(401);
    expect((await update(id, { role: 'illustrator' })).status).toBe(422);
    expect((await update(id, { role: 'illustrator', password: 'restored-pass-12' })).status).toBe(200);
  });

  test('suspending a user ends its session; restoring lets it sign in again', async () => {
    const { client, id } = await walletClient(app);
    expect((await client.get('/api/v1/current_user')).status).toBe(200);
    const res = await update(id, { suspended: true });
    expect(res.status).toBe(200);
    expect(res.body.suspended).toBe(true);
    expect((await client.get('/api/v1/current_user')).status).toBe(401);
    expect((await users('?suspended=true')).body.items.map((u) => u.id)).toContain(id);
    expect((await update(id, { suspended: false })).body.suspended).toBe(false);
  });

  test('refuses unknown users (404), unknown fields and empty changes (422)', async () => {
    expect((await update(999999, { suspended: true })).status).toBe(404);
    expect((await admin.put('/api/v1/admins/users/abc', { suspended: true })).status).toBe(404);
    const { id } = await walletClient(app);
    expect((await update(id, {})).status).toBe(422);
    expect((await update(id, { role: 'admin' })).status).toBe(422);
    expect((await update(id, { wallet_address: '0x0' })).status).toBe(422);
    expect((await update(id, { uid: 'only-illustrators' })).status).toBe(422);
  });

  test('every change is audited with what changed, never the password', async () => {
    const { id } = await walletClient(app);
    await update(id, { role: 'illustrator', uid: 'audited-artist', password: 'audited-password-1' });
    await update(id, { suspended: true });
    const audit = await admin.get<{ items: { action: string; targetId: string; data: Record<string, unknown> }[] }>(
      `/api/v1/admins/audit_log?target_type=user&target_id=${id}`,
    );
    expect(audit.body.items.map((entry) => entry.action)).toEqual(['user.update', 'user.update']);
    expect(audit.body.items[0]?.data).toMatchObject({ suspended: true });
    expect(audit.body.items[1]?.data).toMatchObject({ uid: 'audited-artist', passwordSet: true });
    expect(JSON.stringify(audit.body.items)).not.toContain('audited-password-1');
  });
});
