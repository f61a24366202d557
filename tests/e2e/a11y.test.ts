/**
 * axe finds no serious or critical violation on the key pages in the wide layout (header navigation, filters
 * beside the grid) and on the sign-in pages. Every kind of public page is checked at 390 px in both languages
 * by page-kinds.test.ts; lists are cut to a few tiles here, as axe's time grows with every tile.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations, formatViolations, launchBrowser, newPage, runAxe } from '../helpers/browser.ts';
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

test('the check itself fails a page with serious violations, and names them', async () => {
  const { page, close } = await newPage(browser, { locale: 'en-US' });
  await page.goto(pageUrl('/en/session'));
  // A button with no name and light grey text on white: what a careless change could bring.
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'planted-button';
    document.querySelector('main')?.append(button);
    const faint = document.createElement('p');
    faint.id = 'planted-text';
    faint.textContent = 'Barely readable';
    faint.style.color = '#d0d0d0';
    faint.style.background = '#ffffff';
    document.querySelector('main')?.append(faint);
  });
  const violations = await runAxe(page);
  expect(violations.map((violation) => violation.id).sort()).toEqual(['button-name', 'color-contrast']);
  expect(formatViolations(violations)).toContain('#planted-button');
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/2 serious or critical .*#planted-text/s);
  await close();
});
