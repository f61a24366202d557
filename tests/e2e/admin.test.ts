/**
 * The back office as an admin uses it: sign in, edit a user (make it an illustrator, then suspend it),
 * create and edit a project, change a platform fee, approve a payout (the illustrator's dashboard then
 * shows it approved), sign out. A non-admin opening an admin page is sent to the admin sign-in.
 *
 * Changes to shared demo data are kept apart from other test files: the edited user is a new wallet
 * user, the project is created hidden, the payout is a new request, and the fee is set back.
 */

import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN, DEMO_ILLUSTRATOR } from '../../src/dev/seed/accounts.ts';
import { walletSignIn } from '../api/signIn.ts';
import { ApiClient } from '../helpers/api.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from '../helpers/browser.ts';
import { baseUrl, pageUrl } from '../helpers/e2e.ts';
import { signInAdmin as signInAs } from '../helpers/pageActions.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const snackbar = (page: Page) => page.getByRole('status').textContent();

/** Signs in through /en/admin-session as the demo admin and waits for the user list. */
const signInAdmin = (page: Page) => signInAs(page, baseUrl(), DEMO_ADMIN.uid, DEMO_ADMIN.password);

/** Saves the admin screen's form (or presses a button) and waits for the snackbar to say `text`. */
async function expectSnackbar(page: Page, text: string): Promise<void> {
  await expect.poll(() => snackbar(page)).toContain(text);
}

describe('who may open the back office', () => {
  test('an anonymous visitor and a signed-in illustrator opening /admins/users land on the admin sign-in', async () => {
    const anonymous = await newPage(browser, { locale: 'en-US' });
    await anonymous.page.goto(pageUrl('/en/admins/users'));
    expect(new URL(anonymous.page.url()).pathname).toBe('/en/admin-session');
    await expectSnackbar(anonymous.page, 'Please sign in as an administrator.');
    await anonymous.close();

    const illustrator = await newPage(browser, { locale: 'en-US' });
    await illustrator.page.goto(pageUrl('/en/session'));
    await illustrator.page.getByLabel('ID', { exact: true }).fill(DEMO_ILLUSTRATOR.uid);
    await illustrator.page.getByLabel('Password', { exact: true }).fill(DEMO_ILLUSTRATOR.password);
    await Promise.all([
      illustrator.page.waitForURL(/\/en\/dashboard$/),
      illustrator.page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await illustrator.page.goto(pageUrl('/en/admins/users'));
    expect(new URL(illustrator.page.url()).pathname).toBe('/en/admin-session');
    await illustrator.close();
  });

  test('a wrong admin password shows the ID/password alert and stays on the sign-in page', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    await page.goto(pageUrl('/en/admin-session'));
    await page.getByLabel('ID', { exact: true }).fill(DEMO_ADMIN.uid);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectSnackbar(page, 'The ID or password is incorrect.');
    expect(new URL(page.url()).pathname).toBe('/en/admin-session');
    await close();
  });
});

describe('an admin at work', () => {
  test('signs in, edits a user, creates and edits a project, changes a fee, approves a payout, signs out', async () => {
    const { page, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1440, height: 1000 });
    page.on('dialog', (dialog) => void dialog.accept());

    // Sign in: the user list, with the spec's success message and the admin's uid in the header.
    await signInAdmin(page);
    await expectSnackbar(page, 'You are signed in.');
    await expect.poll(() => page.getByText('Signed in as admin').isVisible()).toBe(true);
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    // Payouts and card payments are menu entries that open their screens (the spec's disabled entry predates them).
    expect(await menu.getByRole('link', { name: 'Payouts' }).getAttribute('href')).toBe('/en/admins/payouts');
    expect(await menu.getByRole('link', { name: 'Card payments' }).getAttribute('href')).toBe(
      '/en/admins/stripe_payment_histories',
    );

    // Edit a user: a new wallet user becomes an illustrator who can sign in, then is suspended.
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect((await walletSignIn(new ApiClient(baseUrl()), wallet)).status).toBe(200);
    const address = wallet.address.toLowerCase();
    await page.getByLabel('Search users').fill(address);
    await page.getByRole('button', { name: 'Search' }).click();
    await Promise.all([
      page.waitForURL(/\/en\/admins\/users\/\d+\/edit$/),
      page.getByRole('link', { name: `Edit ${address}` }).click(),
    ]);
    await expect.poll(() => page.locator('[data-user-wallet]').textContent()).toBe(address);
    const role = page.getByRole('form', { name: 'Make creator' });
    const uid = `e2e-${address.slice(2, 10)}`;
    await role.getByLabel('Sign-in ID').fill(uid);
    await role.getByLabel('Initial password').fill('e2e-illustrator-pass');
    await role.getByLabel('Creator name', { exact: true }).fill('E2E Artist');
    await role.getByRole('button', { name: 'Make creator' }).click();
    await expectSnackbar(page, 'The user is now a creator.');
    const artist = new ApiClient(baseUrl());
    expect((await artist.post('/api/v1/illustrator_session', { uid, password: 'e2e-illustrator-pass' })).status).toBe(
      200,
    );
    await page.getByRole('button', { name: 'Suspend this user' }).click();
    await expectSnackbar(page, 'The user is suspended.');
    expect((await artist.get('/api/v1/current_user')).status).toBe(401);

    // Create a project (hidden, with an image) from a checksummed address, then rename it.
    const contract = privateKeyToAccount(generatePrivateKey()).address;
    await page.goto(pageUrl('/en/admins/categories'));
    await Promise.all([
      page.waitForURL(/\/en\/admins\/categories\/new$/),
      page.getByRole('link', { name: 'New collection' }).click(),
    ]);
    const create = page.getByRole('form', { name: 'New collection' });
    await create.getByLabel('Chain').selectOption('137');
    await create.getByLabel('Contract address').fill(contract);
    await create.getByLabel('Collection name', { exact: true }).fill('E2E プロジェクト');
    await create.getByLabel('Hide this collection on the site').check();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    await create.getByLabel('Image').setInputFiles({ name: 'project.png', mimeType: 'image/png', buffer: png });
    await Promise.all([
      page.waitForURL(new RegExp(`/en/admins/categories/${contract.toLowerCase()}/edit\\?chain_id=137$`)),
      create.getByRole('button', { name: 'Create' }).click(),
    ]);
    await expectSnackbar(page, 'The collection was created.');
    const edit = page.getByRole('form', { name: 'Edit collection' });
    await expect.poll(() => edit.getByLabel('Collection name', { exact: true }).inputValue()).toBe('E2E プロジェクト');
    expect(await edit.getByRole('img', { name: 'Current image' }).getAttribute('src')).toMatch(
      /^\/media\/categories\//,
    );
    await edit.getByLabel('Collection name', { exact: true }).fill('E2E プロジェクト（改）');
    await Promise.all([page.waitForEvent('load'), edit.getByRole('button', { name: 'Save' }).click()]);
    await expectSnackbar(page, 'The collection was updated.');
    await expect
      .poll(() =>
        page.getByRole('form', { name: 'Edit collection' }).getByLabel('Collection name', { exact: true }).inputValue(),
      )
      .toBe('E2E プロジェクト（改）');

    // Change the Klaytn platform fee, see sellers get it, then set it back.
    await page.goto(pageUrl('/en/admins/platform-fee'));
    const fee = page.locator('[data-fee-chain="8217"]');
    await expect.poll(() => fee.textContent()).toMatch(/%$/);
    const before = (await fee.textContent()) ?? '';
    const setFee = async (percent: string) => {
      const row = page.getByRole('row').filter({ has: page.getByLabel(/New fee for Klaytn/) });
      await row.getByLabel(/New fee for Klaytn/).fill(percent);
      await row.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => fee.textContent()).toBe(`${percent}%`);
    };
    await setFee('3.75');
    await expectSnackbar(page, 'is now 3.75%.');
    const seller = await new ApiClient(baseUrl()).get<{ feeBps: number }>('/api/v1/platform_fee?chain_id=8217');
    expect(seller.body.feeBps).toBe(375);
    await setFee(before.replace('%', ''));

    // Approve a new payout request of the demo illustrator; their dashboard then shows it approved.
    const illustrator = new ApiClient(baseUrl());
    expect((await illustrator.post('/api/v1/illustrator_session', DEMO_ILLUSTRATOR)).status).toBe(200);
    const money = await illustrator.get<{
      balances: { chainId: number; currencyCode: number; available: string; minimum: string | null }[];
    }>('/api/v1/dashboard/payouts');
    const balance = money.body.balances.find((b) => b.minimum !== null && BigInt(b.available) >= BigInt(b.minimum));
    if (!balance?.minimum) throw new Error('the demo illustrator has nothing to pay out');
    const request = await illustrator.post<{ id: number }>('/api/v1/dashboard/payouts', {
      amount: balance.minimum,
      currency_code: balance.currencyCode,
      chain_id: balance.chainId,
    });
    expect(request.status).toBe(201);
    await page.goto(pageUrl(`/en/admins/payouts/${request.body.id}`));
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectSnackbar(page, 'The payout was approved.');
    await expect.poll(() => page.getByRole('button', { name: 'Mark as paid' }).isVisible()).toBe(true);

    const dashboard = await newPage(browser, { locale: 'en-US' });
    await dashboard.page.goto(pageUrl('/en/session'));
    await dashboard.page.getByLabel('ID', { exact: true }).fill(DEMO_ILLUSTRATOR.uid);
    await dashboard.page.getByLabel('Password', { exact: true }).fill(DEMO_ILLUSTRATOR.password);
    await Promise.all([
      dashboard.page.waitForURL(/\/en\/dashboard$/),
      dashboard.page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await dashboard.page.goto(pageUrl('/en/dashboard/payouts'));
    const row = dashboard.page.locator(`tr[data-payout-id="${request.body.id}"] [data-status]`);
    expect(await row.getAttribute('data-status')).toBe('approved');
    expect(await row.textContent()).toBe('Approved');
    await dashboard.close();

    // Sign out: home, signed out, and the admin API refuses this browser.
    await Promise.all([page.waitForURL(/\/en$/), page.getByRole('button', { name: 'Logout' }).click()]);
    await expectSnackbar(page, 'You are signed out.');
    expect(await page.evaluate(async () => (await fetch('/api/v1/admins/current_admin')).status)).toBe(401);
    expect(consoleErrors.filter((error) => !/40[13]/.test(error))).toEqual([]);
    await close();
  });

  test('the Japanese admin pages work too, have no serious accessibility problem, and payouts open by URL', async () => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP' });
    await page.goto(pageUrl('/admin-session'));
    await page.getByLabel('ID', { exact: true }).fill(DEMO_ADMIN.uid);
    await page.getByLabel('パスワード', { exact: true }).fill(DEMO_ADMIN.password);
    await Promise.all([page.waitForURL(/\/admins\/users$/), page.getByRole('button', { name: 'ログイン' }).click()]);
    await page.goto(pageUrl('/admins'));
    await expect
      .poll(() => page.locator('[data-count="pendingPayouts"]').textContent(), { timeout: 10_000 })
      .toMatch(/^\d+$/);
    await expectNoSeriousA11yViolations(page);
    for (const path of ['/admins/users', '/admins/categories/new', '/admins/platform-fee']) {
      await page.goto(pageUrl(path));
      await page.waitForSelector('[data-admin-ready] form');
      await expectNoSeriousA11yViolations(page);
    }
    await page.goto(pageUrl('/admins/payouts'));
    await expect.poll(() => page.getByRole('table', { name: '出金申請' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await close();
  });
});
