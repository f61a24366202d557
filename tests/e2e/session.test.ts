/**
 * Signing in as a person does: a wallet (the injected test wallet) through the connect modal, and an
 * illustrator through the id/password form; the user button, its side menu, and logout.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ILLUSTRATOR } from '../../src/dev/seed/accounts.ts';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { pageUrl } from '../helpers/e2e.ts';
import { ANVIL_KEYS, installTestWallet } from '../helpers/testWallet.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const short = (address: string) => `${address.slice(0, 4)}...${address.slice(-4)}`;

describe('wallet sign-in', () => {
  test('connect and sign in with the browser wallet, use the side menu, then log out', async () => {
    const { page, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 900 });
    const wallet = await installTestWallet(page, { key: ANVIL_KEYS[1] });
    await page.goto(pageUrl('/en'));
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
    // The header's account island hydrates on this first click (a second or so on a loaded machine).
    await expect.poll(() => dialog.getByText('Test Wallet').isVisible(), { timeout: 10_000 }).toBe(true);
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Connect' }).click()]);
    expect(wallet.calls).toContain('personal_sign');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('You are signed in.');
    const userButton = page.getByRole('button', { name: 'Account menu' });
    await expect.poll(() => userButton.textContent()).toContain(short(wallet.account.address.toLowerCase()));
    // The notification bell shows for the signed-in user in its place, between the cart and the chain selector.
    const bell = page.locator('[data-notification-bell] button');
    await expect.poll(() => bell.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(
      await page.evaluate(() => {
        const order = [...document.querySelectorAll('[data-cart-link], [data-notification-bell], [data-chain-label]')];
        return order
          .slice(0, 3)
          .map((element) => (element.matches('[data-notification-bell]') ? 'bell' : element.tagName));
      }),
    ).toEqual(['A', 'bell', 'SPAN']);

    await userButton.click();
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    const items = await menu.getByRole('listitem').allTextContents();
    expect(items).toEqual(['My items', 'Edit Profile', 'Market', 'Community chat', 'Contact', 'Logout']);
    expect(await menu.getByRole('link', { name: 'My items' }).getAttribute('href')).toBe(
      `/en/user/${wallet.account.address.toLowerCase()}`,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);

    await userButton.click();
    await Promise.all([page.waitForURL(/\/en$/), menu.getByRole('button', { name: 'Logout' }).click()]);
    await expect.poll(() => page.getByRole('button', { name: 'Connect wallet' }).count(), { timeout: 10_000 }).toBe(1);
    const me = await page.evaluate(async () => (await fetch('/api/v1/current_user')).status);
    expect(me).toBe(401);
    expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
    await close();
  });

  test('beside the wallet prompt, the page explains the English sign-in message in Japanese', async () => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP' });
    await page.setViewportSize({ width: 1280, height: 900 });
    const wallet = await installTestWallet(page, { key: ANVIL_KEYS[3] });
    const held = wallet.holdSigning();
    await page.goto(pageUrl('/'));
    await page.getByRole('button', { name: 'ウォレットを接続' }).click();
    await page.getByRole('dialog', { name: 'ウォレットを接続' }).getByRole('button', { name: '接続する' }).click();
    const message = await held.prompted;
    expect(message).toMatch(/^\S+ wants you to sign in with your Ethereum account:/);
    expect([...message].every((char) => char.charCodeAt(0) < 128)).toBe(true);
    const note = page.getByRole('status').filter({ hasText: '英語のログイン用メッセージ' });
    await expect.poll(() => note.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await note.textContent()).toContain('手数料はかからず');
    await Promise.all([page.waitForEvent('load'), Promise.resolve(held.release())]);
    await expect.poll(() => note.count()).toBe(0);
    await close();
  });

  test('refusing to sign shows the spec message and signs nobody in', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 900 });
    const wallet = await installTestWallet(page, { key: ANVIL_KEYS[2] });
    await page.goto(pageUrl('/en'));
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    wallet.refuse(true);
    await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('1: You need to sign the message to be able to log in.');
    expect(await page.getByRole('button', { name: 'Connect wallet' }).count()).toBe(1);
    await close();
  });
});

describe('illustrator sign-in', () => {
  test('the id/password form signs the illustrator in and opens the dashboard; the menu offers Issue NFT', async () => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(pageUrl('/session'));
    await page.getByLabel('ID', { exact: true }).fill(DEMO_ILLUSTRATOR.uid);
    await page.getByLabel('パスワード', { exact: true }).fill(DEMO_ILLUSTRATOR.password);
    await Promise.all([page.waitForURL(/\/dashboard$/), page.getByRole('button', { name: 'ログイン' }).click()]);
    expect(await page.locator('main').getAttribute('data-layout')).toBe('dashboard');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('ログインしました。');
    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    const menu = page.getByRole('navigation', { name: 'アカウントメニュー' });
    await expect.poll(() => menu.getByRole('link', { name: 'カードを発行' }).isVisible()).toBe(true);
    // The creator's own pages, not the wallet users' profile editor (its guard would turn them away).
    expect(await menu.getByRole('link', { name: 'ダッシュボード' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'プロフィール編集' }).count()).toBe(0);
    await close();
  });

  test('a wrong password shows sessions.idPasswordFailed as an alert', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    await page.goto(pageUrl('/en/session'));
    await page.getByLabel('ID', { exact: true }).fill(DEMO_ILLUSTRATOR.uid);
    await page.getByLabel('Password', { exact: true }).fill('certainly not it');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The ID or password is incorrect.');
    expect(await page.getByRole('status').locator('button').getAttribute('data-color')).toBe('alert');
    expect(new URL(page.url()).pathname).toBe('/en/session');
    await close();
  });
});
