/**
 * The header and footer as a person uses them in Chromium: the language switch keeps the scroll
 * position and sets the cookie; the chain selector sets the currentChain cookie and goes home; the
 * mobile menu and the connect-wallet modal open and close (the modal hides page scrolling); the search box's
 * suggestions are drawn when they open.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { pageUrl } from '../helpers/e2e.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('language switch', () => {
  test('switching to English keeps the scroll position and remembers the choice', async () => {
    const { page, context, consoleErrors, close } = await newPage(browser, { locale: 'ja-JP' });
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto(pageUrl('/'));
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => window.scrollY === 600);
    await page.getByLabel(/言語/).click();
    await Promise.all([page.waitForURL(/\/en$/), page.getByRole('link', { name: /EN · English/ }).click()]);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    expect(cookie?.sameSite).toBe('Lax');
    expect(consoleErrors).toEqual([]);
    await close();
  });

  test('after choosing English, opening / lands on /en', async () => {
    const { page, context, close } = await newPage(browser, { locale: 'ja-JP' });
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: pageUrl('/') }]);
    await page.goto(pageUrl('/'));
    expect(new URL(page.url()).pathname).toBe('/en');
    await close();
  });
});

describe('chain selector', () => {
  test('choosing BNB Chain away from home sets the cookie and goes home', async () => {
    const { page, context, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(pageUrl('/en/rankings'));
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.getByRole('button', { name: /Select chain: Ethereum/ }).click();
    await Promise.all([page.waitForURL(/\/en$/), page.getByRole('button', { name: 'BNB Chain' }).click()]);
    const cookie = (await context.cookies()).find((c) => c.name === 'currentChain');
    expect(cookie?.value).toBe('BSC');
    expect(messages).toContain('No metamask detected');
    await expect.poll(() => page.getByRole('button', { name: /Select chain: BNB Chain/ }).count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await close();
  });

  test('?chain_id=56 shows BNB Chain as the current chain', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    // (On a list with a chain filter, such as the market, chain_id filters the list instead: shared-pages.test.ts.)
    await page.goto(pageUrl('/en/terms?chain_id=56'));
    await expect.poll(() => page.getByRole('button', { name: /Select chain: BNB Chain/ }).count()).toBe(1);
    await close();
  });
});

describe('menus and modal', () => {
  test('the mobile menu opens, closes, and closes when a link in it is followed', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(pageUrl('/en'));
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    // The menu button now reads "Close menu", and the menu has its own close button.
    expect(await page.locator('[data-mobile-menu-toggle]').getAttribute('aria-label')).toBe('Close menu');
    await nav.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await Promise.all([page.waitForURL(/\/en\/contact$/), nav.getByRole('link', { name: 'Contact' }).click()]);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    await close();
  });

  test('the search box draws its suggestions when they open, and names them in aria-controls only then', async () => {
    const { page, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(pageUrl('/en'));
    const box = page.getByRole('combobox', { name: /search/i });
    // The page carries the box alone: no list, and nothing named by aria-controls.
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.getAttribute('aria-controls')).toBeNull();
    expect(await page.locator('[role="listbox"]').count()).toBe(0);
    await box.click();
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr] [role="combobox"]'));
    await box.pressSequentially('Angler');
    const list = page.getByRole('listbox');
    await expect.poll(() => list.getByRole('option').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    await box.press('ArrowDown');
    const option = list.getByRole('option').first();
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    // Closed, the box names neither the list nor an option in it (neither is in the page).
    await box.press('Escape');
    await expect.poll(() => page.locator('[role="listbox"]').count()).toBe(0);
    expect(await box.getAttribute('aria-controls')).toBeNull();
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    expect(consoleErrors).toEqual([]);
    await close();
  });

  test('the connect-wallet modal opens from the header, hides page scrolling, and cancels', async () => {
    const { page, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(pageUrl('/en'));
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    expect(consoleErrors).toEqual([]);
    await close();
  });

  test('confirming without a wallet shows the no-wallet message', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(pageUrl('/en'));
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('[Error] There is no Ethereum wallet.');
    await close();
  });

  test("the footer's connect link opens the same modal", async () => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(pageUrl('/terms'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'ウォレットを接続' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'ウォレットを接続' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/terms');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await close();
  });
});
