/**
 * The illustrator dashboard's money on the demo data: revenues by period (JSON and CSV), balances and
 * payout requests (minimums, balance, payout wallet), and account settings. Only illustrators may use
 * them. Real HTTP against the built server.
 */
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ILLUSTRATOR, seedDemo } from '../../src/dev/seed/demo.ts';
import { type ApiClient, type App, startApp } from '../helpers/api.ts';
import { walletSignIn } from './signIn.ts';

interface RevenueRow {
  period: string;
  chainId: number | null;
  currencyCode: number;
  currency: string;
  primarySales: number;
  primary: string;
  royaltySales: number;
  royalty: string;
  receivedOnChain: string;
  payable: string;
  total: string;
}
interface RevenueReport {
  period: string;
  from: string;
  to: string;
  items: RevenueRow[];
  totals: RevenueRow[];
}
interface Balance {
  chainId: number | null;
  currencyCode: number;
  revenue: string;
  pending: string;
  paid: string;
  available: string;
  minimum: string | null;
}
interface PayoutItem {
  id: number;
  chainId: number | null;
  currencyCode: number;
  amount: string;
  walletAddress: string | null;
  status: string;
  requestedAt: string;
}
interface Payouts {
  balances: Balance[];
  items: PayoutItem[];
  total: number;
}
interface Settings {
  uid: string;
  name: string;
  nameEn: string | null;
  payoutWalletAddress: string | null;
  walletAddress: string;
}

let app: App;
let illustrator: ApiClient;
beforeAll(async () => {
  app = await startApp({ seed: async (db) => void (await seedDemo(db)) });
  illustrator = app.client();
  const res = await illustrator.post('/api/v1/illustrator_session', DEMO_ILLUSTRATOR);
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await app?.stop();
});

const ENDPOINTS: [method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown][] = [
  ['GET', '/api/v1/dashboard/revenues'],
  ['GET', '/api/v1/dashboard/revenues?format=csv'],
  ['GET', '/api/v1/dashboard/payouts'],
  ['POST', '/api/v1/dashboard/payouts', { amount: '10000000000000000', currency_code: 2, chain_id: 1 }],
  ['GET', '/api/v1/dashboard/settings'],
  ['PUT', '/api/v1/dashboard/settings', { name: 'x' }],
];

describe('who may use the dashboard', () => {
  test('anonymous callers get 401 and wallet users 403 on every dashboard endpoint', async () => {
    const wallet = app.client();
    await walletSignIn(wallet, privateKeyToAccount(generatePrivateKey()));
    for (const [method, path, body] of ENDPOINTS) {
      const options = body === undefined ? {} : { body };
      expect([method, path, (await app.client().request(method, path, options)).status]).toEqual([method, path, 401]);
      expect([method, path, (await wallet.request(method, path, options)).status]).toEqual([method, path, 403]);
    }
  });
});

describe('GET /api/v1/dashboard/revenues', () => {
  test('sums primary sales and royalties per month, chain and currency, with totals that add up', async () => {
    const res = await illustrator.get<RevenueReport>('/api/v1/dashboard/revenues?period=month');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const row of res.body.items) {
      expect(row.period).toMatch(/^\d{4}-\d{2}-01$/);
      expect(BigInt(row.primary) + BigInt(row.royalty)).toBe(BigInt(row.total));
      expect(BigInt(row.receivedOnChain) + BigInt(row.payable)).toBe(BigInt(row.total));
    }
    for (const total of res.body.totals) {
      const rows = res.body.items.filter((r) => r.chainId === total.chainId && r.currencyCode === total.currencyCode);
      expect(rows.reduce((sum, r) => sum + BigInt(r.total), 0n)).toBe(BigInt(total.total));
    }
    const sales = res.body.totals.reduce((sum, r) => sum + r.primarySales + r.royaltySales, 0);
    expect(sales).toBeGreaterThan(0);
    expect(res.body.totals.some((r) => r.royaltySales > 0)).toBe(true);
    // Sales paid the illustrator's wallet on chain; card payments (yen, no chain) are what the platform owes.
    for (const total of res.body.totals) {
      if (total.chainId === null) expect(total).toMatchObject({ currency: 'JPY', receivedOnChain: '0' });
      else expect(total.payable).toBe('0');
    }
    expect(res.body.totals.some((r) => r.chainId === null && BigInt(r.payable) > 0n)).toBe(true);
  });

  test('days and weeks split the same money finer; a narrower range holds less', async () => {
    const range = 'from=2000-01-01&to=2100-12-31';
    const month = await illustrator.get<RevenueReport>(`/api/v1/dashboard/revenues?period=month&${range}`);
    const day = await illustrator.get<RevenueReport>(`/api/v1/dashboard/revenues?period=day&${range}`);
    const week = await illustrator.get<RevenueReport>(`/api/v1/dashboard/revenues?period=week&${range}`);
    expect(day.body.totals).toEqual(month.body.totals.map((t) => ({ ...t, period: '2000-01-01' })));
    expect(week.body.totals).toEqual(day.body.totals);
    expect(day.body.items.length).toBeGreaterThanOrEqual(week.body.items.length);
    expect(week.body.items.length).toBeGreaterThanOrEqual(month.body.items.length);
    for (const row of week.body.items) expect(new Date(`${row.period}T00:00:00Z`).getUTCDay()).toBe(1);
    const first = day.body.items[0]?.period ?? '';
    const narrow = await illustrator.get<RevenueReport>(
      `/api/v1/dashboard/revenues?period=day&from=${first}&to=${first}`,
    );
    expect(narrow.body.items.every((row) => row.period === first)).toBe(true);
    expect(narrow.body.items.length).toBeLessThan(day.body.items.length);
  });

  test('the CSV download has a header row and one line per JSON row', async () => {
    const json = await illustrator.get<RevenueReport>('/api/v1/dashboard/revenues?period=week');
    const csv = await illustrator.get<string>('/api/v1/dashboard/revenues?period=week&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="revenues-week-[\d-]+\.csv"$/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'period,chain_id,currency,primary_sales,primary_amount,royalty_sales,royalty_amount,received_on_chain_amount,payable_amount,total_amount,total',
    );
    expect(lines).toHaveLength(json.body.items.length + 1);
    const first = json.body.items[0];
    expect(lines[1]).toMatch(new RegExp(`^${first?.period},${first?.chainId ?? ''},${first?.currency},`));
  });

  test.each([
    ['period=year'],
    ['from=2024-02-30'],
    ['to=yesterday'],
    ['from=2025-02-01&to=2025-01-01'],
    ['format=xml'],
  ])('refuses %s with 422', async (query) => {
    expect((await illustrator.get(`/api/v1/dashboard/revenues?${query}`)).status).toBe(422);
  });
});

describe('payouts', () => {
  const payouts = () => illustrator.get<Payouts>('/api/v1/dashboard/payouts?per_page=100');

  test('balances are revenue minus payouts not rejected; requests are listed newest first', async () => {
    const res = await payouts();
    expect(res.status).toBe(200);
    expect(res.body.balances.length).toBeGreaterThan(0);
    for (const b of res.body.balances) {
      expect(BigInt(b.available)).toBe(BigInt(b.revenue) - BigInt(b.pending) - BigInt(b.paid));
    }
    expect(new Set(res.body.items.map((p) => p.status))).toEqual(
      new Set(['requested', 'approved', 'paid', 'rejected']),
    );
    const times = res.body.items.map((p) => p.requestedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('only payable money can be requested: crypto paid on chain is not, yen from card payments is', async () => {
    const { balances } = (await payouts()).body;
    expect(balances.length).toBeGreaterThan(0);
    for (const balance of balances) expect(balance).toMatchObject({ chainId: null, currencyCode: 1, currency: 'JPY' });
    const post = (body: unknown) => illustrator.post<{ message: string }>('/api/v1/dashboard/payouts', body);
    const eth = await post({ amount: '10000000000000000', currency_code: 2, chain_id: 1 });
    expect(eth.status).toBe(422);
    expect(eth.body.message).toBe('amount: The amount is more than the available balance of 0 ETH');
  });

  test('a request below the minimum, above the balance or of the wrong shape is refused with 422 and a reason', async () => {
    const balance = (await payouts()).body.balances.find((b) => b.currencyCode === 1);
    if (!balance) throw new Error('the demo illustrator has no payable yen');
    const post = (body: unknown) => illustrator.post<{ message: string }>('/api/v1/dashboard/payouts', body);
    const low = await post({ amount: '999', currency_code: 1 });
    expect(low.status).toBe(422);
    expect(low.body.message).toBe('amount: The minimum payout is ¥1,000');
    const high = await post({ amount: (BigInt(balance.available) + 1n).toString(), currency_code: 1 });
    expect(high.status).toBe(422);
    expect(high.body.message).toMatch(/^amount: The amount is more than the available balance of ¥[\d,]+$/);
    expect((await post({ amount: '1000', currency_code: 1, chain_id: 1 })).status).toBe(422);
    expect((await post({ amount: '1000', currency_code: 0 })).status).toBe(422);
    expect((await post({ amount: '0.5', currency_code: 1 })).status).toBe(422);
    expect((await post({ amount: '10000000000000000', currency_code: 2 })).status).toBe(422);
  });

  test('a valid yen request is stored as requested to the payment account and lowers the balance', async () => {
    const before = (await payouts()).body;
    const balance = before.balances.find((b) => b.currencyCode === 1);
    if (!balance) throw new Error('no payable yen');
    const amount = BigInt(balance.minimum ?? '0');
    const res = await illustrator.post<PayoutItem>('/api/v1/dashboard/payouts', {
      amount: amount.toString(),
      currency_code: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'requested',
      amount: amount.toString(),
      currencyCode: 1,
      chainId: null,
      walletAddress: null,
    });
    const after = (await payouts()).body;
    const changed = after.balances.find((b) => b.currencyCode === 1);
    expect(BigInt(changed?.available ?? '0')).toBe(BigInt(balance.available) - amount);
    expect(after.items[0]?.id).toBe(res.body.id);
    expect(after.total).toBe(before.total + 1);
  });
});

describe('dashboard settings', () => {
  test('reads and replaces names and the payout wallet, asking for the password again', async () => {
    const before = await illustrator.get<Settings>('/api/v1/dashboard/settings');
    expect(before.body).toMatchObject({ uid: DEMO_ILLUSTRATOR.uid, name: expect.any(String) });
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const change = { name: '  桜井ミオ  ', name_en: 'Mio S.', payout_wallet_address: wallet };
    const unconfirmed = await illustrator.put<{ message: string }>('/api/v1/dashboard/settings', change);
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.message).toBe('current_password: enter your current password');
    const wrong = await illustrator.put<{ message: string }>('/api/v1/dashboard/settings', {
      ...change,
      current_password: 'not-the-password',
    });
    expect(wrong.status).toBe(422);
    expect((await illustrator.get<Settings>('/api/v1/dashboard/settings')).body.payoutWalletAddress).toBe(
      before.body.payoutWalletAddress,
    );
    const res = await illustrator.put<Settings>('/api/v1/dashboard/settings', {
      ...change,
      current_password: DEMO_ILLUSTRATOR.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: '桜井ミオ', nameEn: 'Mio S.', payoutWalletAddress: wallet.toLowerCase() });
    const cleared = await illustrator.put<Settings>('/api/v1/dashboard/settings', {
      name: '桜井ミオ',
      payout_wallet_address: '',
      current_password: DEMO_ILLUSTRATOR.password,
    });
    expect(cleared.body).toMatchObject({ nameEn: null, payoutWalletAddress: null });
  });

  test('refuses a wrong checksum, a malformed address and an empty name with 422', async () => {
    const wallet = getAddress(privateKeyToAccount(generatePrivateKey()).address);
    const flipped = wallet.replace(/[a-f]/, (c) => c.toUpperCase());
    const put = (body: unknown) => illustrator.put<{ message: string }>('/api/v1/dashboard/settings', body);
    if (flipped !== wallet) expect((await put({ name: 'a', payout_wallet_address: flipped })).status).toBe(422);
    const bad = await put({ name: 'a', payout_wallet_address: '0x1234' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^payout_wallet_address: /);
    expect((await put({ name: '   ' })).status).toBe(422);
    expect((await put({ name: 'a'.repeat(61) })).status).toBe(422);
  });
});
