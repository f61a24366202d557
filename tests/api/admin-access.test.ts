/**
 * Who may call the admin API: every call under /api/v1/admins answers the demo admin, and refuses
 * anonymous callers (401) and wallet users and illustrators (403) without changing anything. Real HTTP
 * against the built server on the demo data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient, App } from '../helpers/api.ts';
import { adminClient, illustratorClient, pngImage, startDemoApp, uploadFile, walletClient } from './admin-clients.ts';

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'UPLOAD';
  path: string;
  body?: unknown;
  /** What the admin gets. */
  status: number;
}

const NEW_CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

let app: App;
let admin: ApiClient;
let calls: Call[];
let image: Buffer;

async function firstId(path: string): Promise<number> {
  const res = await admin.get<{ items: { id: number }[] }>(path);
  const id = res.body.items[0]?.id;
  if (id === undefined) throw new Error(`${path} lists nothing`);
  return id;
}

beforeAll(async () => {
  app = await startDemoApp();
  admin = await adminClient(app);
  image = await pngImage();
  const user = await firstId('/api/v1/admins/users?role=user');
  const creator = await firstId('/api/v1/admins/creators');
  const card = await firstId('/api/v1/admins/card_serials');
  const report = await firstId('/api/v1/admins/illegal_reports?status=resolved');
  const payout = await firstId('/api/v1/admins/payouts?status=requested');
  const category = (
    await admin.get<{ items: { chainId: number; contractAddress: string }[] }>('/api/v1/admins/categories')
  ).body.items[0];
  if (!category) throw new Error('no categories');
  const existing = `/api/v1/admins/categories/${category.contractAddress}?chain_id=${category.chainId}`;
  calls = [
    { method: 'GET', path: '/api/v1/admins/current_admin', status: 200 },
    { method: 'GET', path: '/api/v1/admins/overview', status: 200 },
    { method: 'GET', path: '/api/v1/admins/audit_log', status: 200 },
    { method: 'GET', path: '/api/v1/admins/users', status: 200 },
    { method: 'GET', path: `/api/v1/admins/users/${user}`, status: 200 },
    { method: 'PUT', path: `/api/v1/admins/users/${user}`, body: { suspended: false }, status: 200 },
    { method: 'GET', path: '/api/v1/admins/creators', status: 200 },
    { method: 'GET', path: `/api/v1/admins/creators/${creator}`, status: 200 },
    { method: 'GET', path: '/api/v1/admins/categories', status: 200 },
    { method: 'GET', path: existing, status: 200 },
    {
      method: 'POST',
      path: '/api/v1/admins/categories',
      body: { chain_id: 1, contract_address: NEW_CONTRACT, name: 'アクセス確認', hidden: true },
      status: 201,
    },
    { method: 'PUT', path: `/api/v1/admins/categories/${NEW_CONTRACT}`, body: { name: '確認済み' }, status: 200 },
    { method: 'UPLOAD', path: `/api/v1/admins/categories/${NEW_CONTRACT}/image`, status: 200 },
    { method: 'GET', path: '/api/v1/admins/card_serials', status: 200 },
    { method: 'GET', path: `/api/v1/admins/card_serials/${card}`, status: 200 },
    { method: 'PUT', path: `/api/v1/admins/card_serials/${card}`, body: { hidden: false }, status: 200 },
    { method: 'GET', path: '/api/v1/admins/illegal_reports', status: 200 },
    { method: 'PUT', path: `/api/v1/admins/illegal_reports/${report}`, body: { status: 'resolved' }, status: 200 },
    { method: 'GET', path: '/api/v1/admins/revenues', status: 200 },
    { method: 'GET', path: '/api/v1/admins/revenues?format=csv', status: 200 },
    { method: 'GET', path: '/api/v1/admins/platform_fee', status: 200 },
    { method: 'PUT', path: '/api/v1/admins/platform_fee', body: { chain_id: 1, fee_bps: 250 }, status: 200 },
    { method: 'GET', path: '/api/v1/admins/auction_reserves', status: 200 },
    {
      method: 'PUT',
      path: '/api/v1/admins/auction_reserves',
      body: { chain_id: 1, currency_code: 4, min_reserve: '10000000000000000' },
      status: 200,
    },
    { method: 'GET', path: '/api/v1/admins/payouts', status: 200 },
    { method: 'GET', path: `/api/v1/admins/payouts/${payout}`, status: 200 },
    { method: 'PUT', path: `/api/v1/admins/payouts/${payout}`, body: { action: 'approve' }, status: 200 },
    { method: 'GET', path: '/api/v1/admins/payment_histories', status: 200 },
  ];
});
afterAll(async () => {
  await app?.stop();
});

function send(client: ApiClient, call: Call): Promise<{ status: number }> {
  if (call.method === 'UPLOAD') return uploadFile(app, client, call.path, 'image', image);
  return client.request(call.method, call.path, call.body === undefined ? {} : { body: call.body });
}

describe('admin API access', () => {
  test('anonymous callers get 401, wallet users and illustrators 403, on every admin call', async () => {
    const wallet = (await walletClient(app)).client;
    const illustrator = await illustratorClient(app);
    // The demo's own admin decisions are in the log already; refused calls add nothing to it.
    const before = (await admin.get<{ total: number }>('/api/v1/admins/audit_log')).body.total;
    for (const call of calls) {
      const label = `${call.method} ${call.path}`;
      expect([label, (await send(app.client(), call)).status]).toEqual([label, 401]);
      expect([label, (await send(wallet, call)).status]).toEqual([label, 403]);
      expect([label, (await send(illustrator, call)).status]).toEqual([label, 403]);
    }
    const audit = await admin.get<{ total: number }>('/api/v1/admins/audit_log');
    expect(audit.body.total).toBe(before);
  });

  test('the admin may make every call, and each change it makes is in the audit log', async () => {
    const log = async () =>
      (
        await admin.get<{ items: { id: number; action: string; adminUid: string }[] }>(
          '/api/v1/admins/audit_log?per_page=100',
        )
      ).body.items;
    const seen = new Set((await log()).map((entry) => entry.id));
    for (const call of calls) {
      const label = `${call.method} ${call.path}`;
      expect([label, (await send(admin, call)).status]).toEqual([label, call.status]);
    }
    const made = (await log()).filter((entry) => !seen.has(entry.id));
    expect(made.map((entry) => entry.action).sort()).toEqual(
      [
        'card.show',
        'category.create',
        'category.image',
        'category.update',
        'payout.approve',
        'platform_fee.update',
        'auction_reserve.update',
        'report.status',
      ].sort(),
    );
    expect(new Set(made.map((entry) => entry.adminUid))).toEqual(new Set(['admin']));
  });

  test('an admin session is refused once the admin signs out', async () => {
    const client = await adminClient(app);
    expect((await client.get('/api/v1/admins/users')).status).toBe(200);
    expect((await client.del('/api/v1/admin_session')).status).toBe(200);
    expect((await client.get('/api/v1/admins/users')).status).toBe(401);
  });
});
