/**
 * The wallet changing under the site (spec §2 "Chain and account changes"), driven through the injected
 * test wallet's events: another account logs a wallet user out, an account appearing signs a visitor in,
 * a chain chosen in the wallet becomes the current chain and sends the visitor home, and a wallet on an
 * unsupported chain is asked (on load) to switch to the first supported one.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { baseUrl, pageUrl } from '../helpers/e2e.ts';
import { signInWithWallet } from '../helpers/pageActions.ts';
import { ANVIL_KEYS, installTestWallet } from '../helpers/testWallet.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('account changes', () => {
  test('moving the wallet to another account logs the wallet user out and goes home', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    const wallet = await signInWithWallet(page, baseUrl(), { key: ANVIL_KEYS[1] });
    await page.goto(pageUrl('/en/market'));
    await Promise.all([page.waitForURL(/\/en$/), wallet.changeAccount(ANVIL_KEYS[2])]);
    await expect.poll(() => page.getByRole('button', { name: 'Connect wallet' }).count()).toBe(1);
    expect(await page.evaluate(async () => (await fetch('/api/v1/current_user')).status)).toBe(401);
    await close();
  });

  test('an account appearing while nobody is signed in starts a wallet login', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    const wallet = await installTestWallet(page, { key: ANVIL_KEYS[3] });
    await page.goto(pageUrl('/en/market'));
    await Promise.all([page.waitForEvent('load'), wallet.changeAccount(ANVIL_KEYS[3])]);
    expect(wallet.calls).toContain('personal_sign');
    await expect.poll(() => page.getByRole('button', { name: 'Account menu' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('status').textContent()).toContain('You are signed in.');
    await close();
  });
});

describe('chain changes', () => {
  test('a supported chain chosen in the wallet becomes the current chain, and the visitor goes home', async () => {
    const { page, context, close } = await newPage(browser, { locale: 'en-US' });
    const wallet = await installTestWallet(page, { key: ANVIL_KEYS[1] });
    await page.goto(pageUrl('/en/rankings'));
    await page.waitForFunction(() => document.readyState === 'complete');
    await Promise.all([page.waitForURL(/\/en$/), wallet.changeChain(137)]);
    const cookie = (await context.cookies()).find((c) => c.name === 'currentChain');
    expect(cookie?.value).toBe('POLYGON');
    await close();
  });

  test('a wallet on an unsupported chain is asked on load to switch to the first supported chain', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    const wallet = await installTestWallet(page, { key: ANVIL_KEYS[1], chainId: 5 });
    await page.goto(pageUrl('/en/market'));
    await expect.poll(() => wallet.chainId).toBe(1);
    expect(wallet.calls).toContain('wallet_switchEthereumChain');
    expect(new URL(page.url()).pathname).toBe('/en/market');
    await close();
  });

  test('a person who declines is not asked again on every page of the tab', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    const wallet = await installTestWallet(page, { key: ANVIL_KEYS[1], chainId: 5 });
    wallet.refuse(true);
    await page.goto(pageUrl('/en/market'));
    const count = (method: string) => wallet.calls.filter((call) => call === method).length;
    await expect.poll(() => count('wallet_switchEthereumChain')).toBe(1);
    const chainReads = count('eth_chainId');
    await page.goto(pageUrl('/en/rankings'));
    // The next page reads the chain twice: at start-up and in the watcher's on-load check.
    await expect.poll(() => count('eth_chainId')).toBeGreaterThanOrEqual(chainReads + 2);
    await page.waitForTimeout(300); // room for a (wrong) second request to arrive after the chain read
    expect(count('wallet_switchEthereumChain')).toBe(1);
    expect(wallet.chainId).toBe(5);
    await close();
  });
});
