/**
 * Social login through Web3Auth, on a server with a Web3Auth client id configured. Web3Auth is a hosted
 * service this machine cannot reach, so the browser blocks its hosts (tests/helpers/browser.ts): the test
 * checks that the site offers the choice, loads Web3Auth's code only once it is chosen, that this code
 * then calls Web3Auth (blocked here), and that the failure is told to the person with nobody signed in.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { pageUrl } from '../helpers/e2e.ts';
import { type RunningServer, SHORT_LIVED_NODE_ARGS, startServer } from '../helpers/server.ts';

let browser: Browser;
let database: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.disconnect();
  [server, browser] = await Promise.all([
    startServer({
      env: { ...database.env, PUBLIC_WEB3AUTH_CLIENT_ID: 'kirafuda-test-client' },
      nodeArgs: SHORT_LIVED_NODE_ARGS,
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.close();
});

describe('social login', () => {
  test('is offered, loads Web3Auth only when chosen, and says so when Web3Auth cannot be reached', async () => {
    const { page, blockedRequests, close } = await newPage(browser, { locale: 'en-US' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.url}/en`);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
    await dialog.getByLabel('Social login').check();
    const beforeChoice = scripts.length;
    expect(blockedRequests).toEqual([]);

    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 30_000 })
      .toContain('Social login is not available right now.');
    expect(scripts.length).toBeGreaterThan(beforeChoice);
    expect(blockedRequests.some((url) => new URL(url).hostname.endsWith('web3auth.io'))).toBe(true);
    expect(await page.getByRole('button', { name: 'Connect wallet' }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('kirafuda.socialLogin'))).toBeNull();
    await close();
  });

  test('the shared test server, configured without a client id, does not offer it', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US' });
    await page.goto(pageUrl('/en'));
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Social login').count()).toBe(0);
    await close();
  });
});
