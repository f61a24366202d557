/**
 * axe finds no serious or critical violation on the key pages in the wide layout (header navigation, filters
 * beside the grid) and on the sign-in pages. Every kind of public page is checked at 390 px in both languages
 * by page-kinds.test.ts; lists are cut to a few tiles here, as axe's time grows with every tile.
 */
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

test.each([
  '/',
  '/en/browse-category?tab=NFTs&per_page=4',
  '/collection/1?per_page=4',
  '/en/session',
  '/admin-session',
])('axe: no serious violation on %s', async (path) => {
  const { page, close } = await newPage(browser, { locale: 'ja-JP' });
  const response = await page.goto(pageUrl(path));
  expect(response).not.toBeNull();
  await expectNoSeriousA11yViolations(page);
  await close();
});
