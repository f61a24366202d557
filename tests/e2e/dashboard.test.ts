/**
 * The illustrator dashboard on the seeded demo data, signed in as the demo illustrator through the
 * /session form: the pages show the balances, revenues and payouts the API reports, in both
 * languages; a payout request appears as "requested"; settings and password changes answer as the
 * spec says (§8); a wallet user is turned away with sessions.requireIllustratorLogin.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ILLUSTRATOR } from '../../src/dev/seed/accounts.ts';
import type { PayoutBalance } from '../../src/features/ledger/balances.server.ts';
import type { RevenueReport } from '../../src/features/ledger/revenues/creatorRevenue.ts';
import { priceText } from '../../src/ui/data/priceText.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage, type TestPage } from '../helpers/browser.ts';
import { pageUrl } from '../helpers/e2e.ts';
import { hydrated } from '../helpers/pageActions.ts';
import { installTestWallet } from '../helpers/testWallet.ts';

let browser: Browser;
let session: TestPage;
let page: Page;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await newPage(browser, { locale: 'ja-JP' });
  ({ page, context } = session);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(pageUrl('/session'));
  await page.getByLabel('ID', { exact: true }).fill(DEMO_ILLUSTRATOR.uid);
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_ILLUSTRATOR.password);
  await Promise.all([page.waitForURL(/\/dashboard$/), page.getByRole('button', { name: 'ログイン' }).click()]);
});
afterAll(async () => {
  await browser?.close();
});

/** What the API says, asked with the page's session cookies. */
async function api<T>(path: string): Promise<T> {
  const response = await context.request.get(pageUrl(path));
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const amount = (wei: string, code: number) => priceText(wei, code);
const text = async (selector: string) =>
  ((await page.locator(selector).allTextContents()).join(' ') ?? '').replace(/\s+/g, ' ');

describe('overview and revenues', () => {
  test('the overview shows each balance the API reports and the revenue of the last 30 days', async () => {
    const { balances } = await api<{ balances: PayoutBalance[] }>('/api/v1/dashboard/payouts');
    const recent = await api<RevenueReport>('/api/v1/dashboard/revenues?period=day');
    expect(balances.length).toBeGreaterThan(0);
    await page.goto(pageUrl('/dashboard'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ダッシュボード');
    const jaTable = await text('[data-balances] tbody');
    for (const balance of balances) expect(jaTable).toContain(amount(balance.available, balance.currencyCode));
    await page.goto(pageUrl('/en/dashboard'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    expect(await page.title()).toBe('Dashboard | Kirafuda');
    const table = await text('[data-balances] tbody');
    for (const balance of balances) expect(table).toContain(amount(balance.available, balance.currencyCode));
    const cards = await text('[data-recent-revenue]');
    for (const row of recent.totals) expect(cards).toContain(amount(row.total, row.currencyCode));
    await expectNoSeriousA11yViolations(page);
  });

  test('the revenues page charts and tabulates the report per chain and currency, in both languages', async () => {
    const report = await api<RevenueReport>('/api/v1/dashboard/revenues?period=month');
    expect(report.totals.length).toBeGreaterThan(0);
    await page.goto(pageUrl('/dashboard/revenues'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('収益');
    await page.goto(pageUrl('/en/dashboard/revenues?period=month'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Revenues');
    const totals = await text('[data-revenue-totals] tbody');
    for (const row of report.totals) expect(totals).toContain(amount(row.total, row.currencyCode));
    const series = new Set(report.items.map((row) => `${row.chainId}:${row.currency}`));
    expect(await page.locator('figure[data-revenue-series] svg[role="img"]').count()).toBe(series.size);
    const rows = await page.locator('[data-revenue-table] tbody tr').count();
    expect(rows).toBe(report.items.filter((row) => row.total !== '0').length);
    await expectNoSeriousA11yViolations(page);

    const href = (await page.locator('a[data-csv-export]').getAttribute('href')) ?? '';
    const csv = await context.request.get(pageUrl(href));
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'period,chain_id,currency,primary_sales,primary_amount,royalty_sales,royalty_amount,received_on_chain_amount,payable_amount,total_amount,total',
    );
    // What the chain paid and what the platform owes are told apart, with a note in the reader's language.
    expect(await text('[data-revenue-kinds-note]')).toContain('Received on chain');
    expect(await text('[data-revenue-totals] thead')).toContain('Payable by Kirafuda');
  });
});

describe('payouts', () => {
  test('yen collected by card payments is payable: the form enforces the minimum; a request then appears first as requested', async () => {
    await page.goto(pageUrl('/en/dashboard/payouts'));
    expect(await text('[data-payable-note]')).toContain('received on chain');
    // Other suites may have filed requests for the demo illustrator too: compare with the pending sum before.
    const pendingYen = async () =>
      BigInt(
        (await api<{ balances: PayoutBalance[] }>('/api/v1/dashboard/payouts')).balances.find(
          (balance) => balance.chainId === null && balance.currency === 'JPY',
        )?.pending ?? '0',
      );
    const pendingBefore = await pendingYen();
    await hydrated(page, 'PayoutRequestForm');
    await page.getByLabel('Balance', { exact: true }).selectOption({ label: 'Card payments · JPY' });
    const field = page.getByLabel('Amount (JPY)');
    await field.fill('999');
    await page.getByRole('button', { name: 'Request payout' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The amount is below the minimum payout.');

    await field.fill('1,000');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Request payout' }).click()]);
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your payout request has been sent.');
    const first = page.locator('[data-payouts] tbody tr').first();
    expect(await first.textContent()).toContain('¥1,000');
    expect(await first.textContent()).toContain('Payment account');
    expect(await first.locator('[data-status]').getAttribute('data-status')).toBe('requested');
    expect(await first.locator('[data-status]').textContent()).toBe('Requested');
    expect(await pendingYen()).toBe(pendingBefore + 1_000n);
  });
});

describe('settings and password', () => {
  test('settings show the account; a bad payout address shows the server’s refusal, a save confirms', async () => {
    await page.goto(pageUrl('/en/dashboard/settings'));
    await hydrated(page, 'SettingsForm');
    expect(await page.locator('[data-settings-uid]').textContent()).toBe(DEMO_ILLUSTRATOR.uid);
    expect(await page.getByLabel('Display name (English)').inputValue()).toBe('Mio Sakurai');
    const wallet = page.getByLabel('Payout wallet address');
    const saved = await wallet.inputValue();
    // A mixed-case address with a wrong EIP-55 checksum passes the form's shape check; the server refuses it.
    await wallet.fill('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92267');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('form [role="alert"]').textContent()).toContain('payout_wallet_address');
    await wallet.fill(saved);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your account settings have been saved.');
  });

  test('a password change shows dashboard.password.success; a refused one shows the server’s message', async () => {
    await page.goto(pageUrl('/en/dashboard/passwords'));
    await hydrated(page, 'PasswordForm');
    const current = page.getByLabel('Current password');
    const password = page.getByLabel('New password', { exact: true });
    const retype = page.getByLabel('Confirm new password');
    await current.fill(DEMO_ILLUSTRATOR.password);
    await password.fill('a-new-password-2025');
    await retype.fill('something else entirely');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.locator('[data-password-failure]').textContent())
      .toBe('retype: The two passwords do not match');
    expect(await page.getByRole('status').locator('button').getAttribute('data-color')).toBe('alert');

    for (const [now, next] of [
      [DEMO_ILLUSTRATOR.password, 'a-new-password-2025'],
      ['a-new-password-2025', DEMO_ILLUSTRATOR.password],
    ] as const) {
      await current.fill(now);
      await password.fill(next);
      await retype.fill(next);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/v1/passwords')),
        page.getByRole('button', { name: 'Change password' }).click(),
      ]);
      expect(response.status()).toBe(200);
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Your password has been changed.');
      expect(await page.getByRole('status').locator('button').getAttribute('data-color')).toBe('primary');
    }
  });
});

describe('tax papers', () => {
  test('at 390 px the statements page lists the year’s statement and each month’s invoice, whose PDFs download', async () => {
    const { years } = await api<{ years: number[] }>('/api/v1/dashboard/statements');
    const { items } = await api<{ items: { month: string; totalJpy: string }[] }>('/api/v1/dashboard/invoices');
    expect(years.length).toBeGreaterThan(0);
    expect(items.length).toBeGreaterThan(0);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(pageUrl('/dashboard/statements'));
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('取引報告書・請求書');
      const pdf = page.getByRole('link', { name: 'PDF（日本語）' }).first();
      const response = await context.request.get(pageUrl((await pdf.getAttribute('href')) ?? ''));
      expect([response.status(), response.headers()['content-type']]).toEqual([200, 'application/pdf']);
      expect(await page.locator('[data-invoices] tbody tr').count()).toBe(items.length);
      const first = items[0];
      if (first) expect(await text(`[data-invoice="${first.month}"]`)).toContain(priceText(first.totalJpy, 1));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await expectNoSeriousA11yViolations(page);
      await page.goto(pageUrl('/en/dashboard/payouts'));
      expect(await page.locator('[data-payout-schedule] time[data-payment]').getAttribute('datetime')).toMatch(
        /^\d{4}-\d{2}-\d{2}$/,
      );
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test('the tax profile refuses a mistyped registration number in the page and saves a right one', async () => {
    await page.goto(pageUrl('/en/dashboard/settings'));
    await hydrated(page, 'TaxProfileForm');
    const number = page.getByLabel('Invoice registration number');
    await number.fill('T6202611270003');
    await page.getByRole('button', { name: 'Update tax details' }).click();
    await expect.poll(() => page.getByText('This is not a registration number').isVisible()).toBe(true);
    await number.fill('T6202611270002');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/dashboard/tax_profile')),
      page.getByRole('button', { name: 'Update tax details' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await api<{ invoiceNumber: string }>('/api/v1/dashboard/tax_profile')).toMatchObject({
      invoiceNumber: 'T6202611270002',
    });
  });
});

describe('who may enter', () => {
  test('a wallet user is sent home with the illustrator-only alert', async () => {
    const visitor = await newPage(browser, { locale: 'en-US' });
    await visitor.page.setViewportSize({ width: 1280, height: 900 });
    await installTestWallet(visitor.page, { key: generatePrivateKey() });
    await visitor.page.goto(pageUrl('/en'));
    await visitor.page.getByRole('button', { name: 'Connect wallet' }).click();
    const dialog = visitor.page.getByRole('dialog', { name: 'Connect a wallet' });
    await expect.poll(() => dialog.getByText('Test Wallet').isVisible()).toBe(true);
    await Promise.all([visitor.page.waitForEvent('load'), dialog.getByRole('button', { name: 'Connect' }).click()]);

    await visitor.page.goto(pageUrl('/en/dashboard/revenues'));
    expect(new URL(visitor.page.url()).pathname).toBe('/en');
    await expect
      .poll(() => visitor.page.getByRole('status').textContent())
      .toContain('This page is for creators. Please sign in with your creator ID.');
    await visitor.close();
  });
});
