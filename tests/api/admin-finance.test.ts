/**
 * Money in the back office on the demo data: platform revenue by period (JSON and CSV), the platform fee
 * per chain (bounded, audited, what sellers are then charged), payout review (approve, reject with a
 * reason, mark paid; the illustrator's dashboard sees the result), card payment records and the home
 * counts. Real HTTP against the built server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient, App } from '../helpers/api.ts';
import { adminClient, illustratorClient, startDemoApp } from './admin-clients.ts';

interface RevenueRow {
  period: string;
  chainId: number | null;
  currencyCode: number;
  currency: string;
  sales: number;
  volume: string;
  platformFee: string;
  royalty: string;
  receivedOnChain: string;
  payable: string;
}
interface Report {
  items: RevenueRow[];
  totals: RevenueRow[];
}
interface Fees {
  maxBps: number;
  defaultBps: number;
  items: { chainId: number; feeBps: number; isDefault: boolean; updatedBy: string | null }[];
}
interface Payout {
  id: number;
  status: string;
  reason: string | null;
  txHash: string | null;
  reviewedBy: string | null;
  illustrator: { id: number; uid: string };
  balance: { available: string } | null;
}
interface Page<T> {
  items: T[];
  total: number;
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

describe('platform revenue', () => {
  test('sums fees and royalties per month, chain and currency; totals add up; days split the same money', async () => {
    const range = 'from=2000-01-01&to=2100-12-31';
    const month = await admin.get<Report>(`/api/v1/admins/revenues?period=month&${range}`);
    const day = await admin.get<Report>(`/api/v1/admins/revenues?period=day&${range}`);
    expect(month.status).toBe(200);
    expect(month.body.items.length).toBeGreaterThan(0);
    for (const total of month.body.totals) {
      const rows = month.body.items.filter((r) => r.chainId === total.chainId && r.currencyCode === total.currencyCode);
      expect(rows.reduce((sum, r) => sum + BigInt(r.platformFee), 0n)).toBe(BigInt(total.platformFee));
      expect(rows.reduce((sum, r) => sum + r.sales, 0)).toBe(total.sales);
    }
    expect(day.body.totals).toEqual(month.body.totals);
    expect(month.body.totals.some((t) => BigInt(t.royalty) > 0n)).toBe(true);
    // What creators earned, kept apart: sales paid their wallets on chain; card payments (yen) are owed.
    expect(month.body.totals.some((t) => t.chainId !== null && BigInt(t.receivedOnChain) > 0n)).toBe(true);
    expect(month.body.totals.filter((t) => t.chainId !== null).every((t) => t.payable === '0')).toBe(true);
    expect(month.body.totals.find((t) => t.chainId === null)).toMatchObject({ currency: 'JPY', sales: 0 });
    const eth = await admin.get<Report>(`/api/v1/admins/revenues?period=month&${range}&chain_id=1&currency_code=2`);
    expect(eth.body.items.every((r) => r.chainId === 1 && r.currencyCode === 2)).toBe(true);
  });

  test('the CSV download has a header row and one line per JSON row', async () => {
    const json = await admin.get<Report>('/api/v1/admins/revenues?period=week');
    const csv = await admin.get<string>('/api/v1/admins/revenues?period=week&format=csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="platform-revenues-week-.+\.csv"$/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'period,chain_id,currency,sales,volume_amount,platform_fee_amount,royalty_amount,creators_received_on_chain_amount,creators_payable_amount,platform_fee,royalty',
    );
    expect(lines).toHaveLength(json.body.items.length + 1);
  });

  test.each(['period=year', 'from=2024-02-30', 'chain_id=abc', 'currency_code=99', 'format=xml'])(
    'refuses %s with 422',
    async (query) => {
      expect((await admin.get(`/api/v1/admins/revenues?${query}`)).status).toBe(422);
    },
  );
});

describe('platform fee', () => {
  test('lists the fee of every configured chain and sets one within 0..10 %, audited', async () => {
    const before = await admin.get<Fees>('/api/v1/admins/platform_fee');
    expect(before.body.maxBps).toBe(1000);
    expect(before.body.items.map((f) => f.chainId)).toEqual([1, 56, 8217, 137]);
    const put = (body: unknown) => admin.put<Fees & { message: string }>('/api/v1/admins/platform_fee', body);
    for (const bad of [1001, -1, 2.5]) expect((await put({ chain_id: 56, fee_bps: bad })).status).toBe(422);
    expect((await put({ chain_id: 31337, fee_bps: 100 })).status).toBe(422);
    expect((await put({ chain_id: 56, fee_bps: '100' })).status).toBe(422);
    const res = await put({ chain_id: 56, fee_bps: 375 });
    expect(res.status).toBe(200);
    expect(res.body.items.find((f) => f.chainId === 56)).toMatchObject({ feeBps: 375, updatedBy: 'admin' });
    const seller = await app.client().get<{ feeBps: number }>('/api/v1/platform_fee?chain_id=56');
    expect(seller.body.feeBps).toBe(375);
    const audit = await admin.get<{ items: { action: string; data: Record<string, unknown> }[] }>(
      '/api/v1/admins/audit_log?target_type=platform_fee&target_id=56',
    );
    expect(audit.body.items[0]).toMatchObject({ action: 'platform_fee.update', data: { from: 250, to: 375 } });
  });
});

describe('minimum auction reserve', () => {
  interface Reserves {
    settlementGas: string;
    items: { chainId: number; currencyCode: number; symbol: string; minReserve: string | null; followsGas: boolean }[];
  }
  const put = (body: unknown) => admin.put<Reserves & { message: string }>('/api/v1/admins/auction_reserves', body);

  test('lists each chain’s auction currencies, sets and clears a minimum, audited; refuses what is not one', async () => {
    const listed = await admin.get<Reserves>('/api/v1/admins/auction_reserves');
    const ethereum = listed.body.items.filter((row) => row.chainId === 1);
    expect(ethereum.map((row) => [row.symbol, row.minReserve, row.followsGas])).toEqual([
      ['WETH', null, true],
      ['ATEM', null, false],
    ]);
    for (const bad of [
      { chain_id: 1, currency_code: 2, min_reserve: '1' }, // the native coin takes no auctions
      { chain_id: 31337, currency_code: 4, min_reserve: '1' },
      { chain_id: 1, currency_code: 4, min_reserve: '0' },
      { chain_id: 1, currency_code: 4, min_reserve: 1 },
      { chain_id: 1, currency_code: 4, min_reserve: '0.5' },
    ]) {
      expect([bad, (await put(bad)).status]).toEqual([bad, 422]);
    }
    const set = await put({ chain_id: 1, currency_code: 7, min_reserve: '5000000000000000000' });
    expect(set.status).toBe(200);
    expect(set.body.items.find((row) => row.chainId === 1 && row.currencyCode === 7)?.minReserve).toBe(
      '5000000000000000000',
    );
    const cleared = await put({ chain_id: 1, currency_code: 7, min_reserve: null });
    expect(cleared.body.items.find((row) => row.chainId === 1 && row.currencyCode === 7)?.minReserve).toBeNull();
    const audit = await admin.get<{ items: { action: string; data: Record<string, unknown> }[] }>(
      '/api/v1/admins/audit_log?target_type=auction_reserve&target_id=1',
    );
    expect(audit.body.items.map((entry) => entry.data)).toEqual([
      { currencyCode: 7, from: '5000000000000000000', to: null },
      { currencyCode: 7, from: null, to: '5000000000000000000' },
    ]);
  });
});

describe('payouts', () => {
  const review = (id: number, body: unknown) =>
    admin.put<Payout & { message: string }>(`/api/v1/admins/payouts/${id}`, body);

  test('lists requests by status with the illustrator, and one with its balance', async () => {
    const requested = await admin.get<Page<Payout>>('/api/v1/admins/payouts?status=requested');
    expect(requested.body.total).toBeGreaterThan(0);
    expect(requested.body.items.every((p) => p.status === 'requested' && p.illustrator.uid !== '')).toBe(true);
    const first = requested.body.items[0];
    if (!first) throw new Error('no requested payout');
    const detail = await admin.get<Payout>(`/api/v1/admins/payouts/${first.id}`);
    expect(detail.body.balance).not.toBeNull();
    expect((await admin.get('/api/v1/admins/payouts/999999')).status).toBe(404);
    expect((await admin.get('/api/v1/admins/payouts?status=lost')).status).toBe(422);
  });

  test('approving a request shows as approved on the illustrator dashboard; it cannot be approved twice', async () => {
    const illustrator = await illustratorClient(app);
    const balances = await illustrator.get<{ balances: { chainId: null; currencyCode: number; minimum: string }[] }>(
      '/api/v1/dashboard/payouts',
    );
    const balance = balances.body.balances.find((b) => b.currencyCode === 1);
    if (!balance) throw new Error('the demo illustrator has no payable yen');
    const created = await illustrator.post<{ id: number }>('/api/v1/dashboard/payouts', {
      amount: balance.minimum,
      currency_code: 1,
    });
    expect(created.status).toBe(201);
    const res = await review(created.body.id, { action: 'approve' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', reviewedBy: 'admin', walletAddress: null });
    const dashboard = await illustrator.get<{ items: { id: number; status: string }[] }>(
      '/api/v1/dashboard/payouts?per_page=100',
    );
    expect(dashboard.body.items.find((p) => p.id === created.body.id)?.status).toBe('approved');
    expect((await review(created.body.id, { action: 'approve' })).status).toBe(409);
    // A yen payout is paid to the payment account: no transaction hash, and a junk one is not stored.
    const paid = await review(created.body.id, { action: 'pay', tx_hash: 'bank transfer 42' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', txHash: null });
    expect((await review(created.body.id, { action: 'reject', reason: 'late' })).status).toBe(409);
  });

  test('a rejection needs a reason, which the illustrator then sees', async () => {
    const illustrator = await illustratorClient(app);
    const requested = await admin.get<Page<Payout>>('/api/v1/admins/payouts?status=requested&per_page=100');
    const mine = requested.body.items.find((p) => p.illustrator.uid === 'illustrator');
    if (!mine) throw new Error('the demo illustrator has no requested payout');
    const noReason = await review(mine.id, { action: 'reject' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.message).toMatch(/^reason: /);
    const res = await review(mine.id, { action: 'reject', reason: '口座を確認できませんでした' });
    expect(res.body).toMatchObject({ status: 'rejected', reason: '口座を確認できませんでした' });
    const dashboard = await illustrator.get<{ items: { id: number; status: string; reason: string | null }[] }>(
      '/api/v1/dashboard/payouts?per_page=100',
    );
    expect(dashboard.body.items.find((p) => p.id === mine.id)).toMatchObject({
      status: 'rejected',
      reason: '口座を確認できませんでした',
    });
    expect((await review(mine.id, { action: 'refund' })).status).toBe(422);
  });
});

describe('card payments and the home', () => {
  test('payment records filter by status, currency, dates and payment id', async () => {
    const all = await admin.get<Page<{ status: string; providerPaymentId: string; currency: string }>>(
      '/api/v1/admins/payment_histories?per_page=100',
    );
    expect(all.body.total).toBeGreaterThan(5);
    const failed = await admin.get<Page<{ status: string }>>('/api/v1/admins/payment_histories?status=failed');
    expect(failed.body.total).toBe(all.body.items.filter((p) => p.status === 'failed').length);
    const id = all.body.items[0]?.providerPaymentId ?? '';
    const byId = await admin.get<Page<{ providerPaymentId: string }>>(`/api/v1/admins/payment_histories?q=${id}`);
    expect(byId.body.items.map((p) => p.providerPaymentId)).toEqual([id]);
    expect((await admin.get<Page<unknown>>('/api/v1/admins/payment_histories?currency=usd')).body.total).toBe(0);
    expect((await admin.get<Page<unknown>>('/api/v1/admins/payment_histories?to=2000-01-01')).body.total).toBe(0);
    expect((await admin.get('/api/v1/admins/payment_histories?from=2025-13-01')).status).toBe(422);
    expect((await admin.get('/api/v1/admins/payment_histories?from=2025-02-01&to=2025-01-01')).status).toBe(422);
  });

  test('the home counts users, sales, open reports and pending payouts, with the latest of each', async () => {
    const res = await admin.get<{
      counts: Record<string, number>;
      recentUsers: unknown[];
      recentSales: unknown[];
      openReports: { status: string }[];
      pendingPayouts: { status: string }[];
    }>('/api/v1/admins/overview');
    expect(res.status).toBe(200);
    const requested = await admin.get<Page<unknown>>('/api/v1/admins/payouts?status=requested');
    expect(res.body.counts.pendingPayouts).toBe(requested.body.total);
    const users = await admin.get<Page<unknown>>('/api/v1/admins/users');
    expect(res.body.counts.users).toBe(users.body.total);
    expect(res.body.counts.sales).toBeGreaterThan(0);
    expect(res.body.recentUsers.length).toBe(5);
    expect(res.body.recentSales.length).toBe(5);
    expect(res.body.openReports.every((r) => r.status === 'open')).toBe(true);
    expect(res.body.pendingPayouts.every((p) => p.status === 'requested')).toBe(true);
  });
});
