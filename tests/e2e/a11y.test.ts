/** axe finds no serious or critical violation on the key pages, in both locales. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from '../helpers/browser.ts';
import { pageUrl } from '../helpers/e2e.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test.each(['/', '/en', '/browse-category', '/en/browse-category', '/no-such-page', '/en/session', '/admin-session'])(
  'axe: no serious violation on %s',
  async (path) => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP' });
    const response = await page.goto(pageUrl(path));
    expect(response).not.toBeNull();
    await expectNoSeriousA11yViolations(page);
    await close();
  },
);
