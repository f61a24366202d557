/**
 * What browser tests do on a page again and again: wait for an island to hydrate, sign in with the injected
 * test wallet through the connect modal, sign an illustrator or an admin in with id and password.
 *
 * @see ./testWallet.ts, ./browser.ts
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { installTestWallet, type TestWallet, type TestWalletOptions } from './testWallet.ts';

/** Waits until the island whose component file starts with `name` has hydrated (Astro drops `ssr`). */
export async function hydrated(page: Page, name: string): Promise<void> {
  await page.locator(`astro-island[component-url*="/${name}."]:not([ssr])`).waitFor({ state: 'attached' });
}

/**
 * Installs the test wallet, opens `${origin}/en` and signs in through the connect modal (the page reloads
 * signed in). Call before the page's first navigation.
 */
export async function signInWithWallet(page: Page, origin: string, options: TestWalletOptions): Promise<TestWallet> {
  const wallet = await installTestWallet(page, options);
  await page.goto(`${origin}/en`);
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  // The first click hydrates the header's account island: allow a loaded machine a few seconds.
  await expect.poll(() => dialog.getByText('Test Wallet').isVisible(), { timeout: 10_000 }).toBe(true);
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Connect' }).click()]);
  await expect.poll(() => page.getByRole('button', { name: 'Account menu' }).count(), { timeout: 10_000 }).toBe(1);
  return wallet;
}

/** Signs an illustrator in on `${origin}/en/session` with id and password and waits for the dashboard. */
export async function signInIllustrator(page: Page, origin: string, uid: string, password: string): Promise<void> {
  await page.goto(`${origin}/en/session`);
  await page.getByLabel('ID', { exact: true }).fill(uid);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([page.waitForURL(/\/en\/dashboard$/), page.getByRole('button', { name: 'Sign in' }).click()]);
}

/** Signs an admin in on `${origin}/en/admin-session` and waits for the user list the sign-in opens. */
export async function signInAdmin(page: Page, origin: string, uid: string, password: string): Promise<void> {
  await page.goto(`${origin}/en/admin-session`);
  await page.getByLabel('ID', { exact: true }).fill(uid);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([page.waitForURL(/\/en\/admins\/users$/), page.getByRole('button', { name: 'Sign in' }).click()]);
}

/**
 * Opens `url`, again if the page's own navigation got in the way: a token page reloads itself when its card
 * changes (a sale the indexer just recorded), which can interrupt a test's navigation away from it; and the page
 * being opened may reload itself as the sale's later changes arrive (then it is already on `url`: waiting for that
 * load is enough). Chromium names the race `interrupted by another navigation` or `net::ERR_ABORTED`.
 */
export async function gotoAfterLiveReload(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      // Chromium reports the same race either way: the navigation was interrupted, or it was aborted.
      if (attempt >= 5 || !/interrupted by another navigation|net::ERR_ABORTED/.test(String(error))) throw error;
      if (String(error).includes(`navigation to "${url}"`)) {
        await page.waitForLoadState('load');
        if (page.url() === url) return;
      }
    }
  }
}
