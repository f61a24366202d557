/**
 * The back office's list screens with the demo data, as a signed-in admin sees them: each list shows rows
 * and its pager; the chain filter narrows the collections to one chain, and on projects, tokens and revenues it
 * is kept in the URL, so a shared link shows the same list.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN } from '../../src/dev/seed/accounts.ts';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { baseUrl, pageUrl } from '../helpers/e2e.ts';
import { signInAdmin } from '../helpers/pageActions.ts';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, close } = await newPage(browser, { locale: 'en-US' }));
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInAdmin(page, baseUrl(), DEMO_ADMIN.uid, DEMO_ADMIN.password);
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

/** The data rows of the table named `label` (not the "nothing here" row) once it is shown. */
async function rows(label: string) {
  const table = page.getByRole('table', { name: label });
  await table.waitFor();
  return table.locator('tbody tr:not(:has(td[colspan]))');
}

describe('admin lists', () => {
  test.each([
    ['/en/admins/users', 'Users'],
    ['/en/admins/creators', 'Creators'],
    ['/en/admins/categories', 'Collections'],
    ['/en/admins/stripe_payment_histories', 'Card payments'],
  ])('%s lists the demo rows with a pager', async (path, label) => {
    await page.goto(pageUrl(path));
    expect(await (await rows(label)).count()).toBeGreaterThan(0);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pager.textContent()).toMatch(/Page 1 of \d+/);
  });

  test('the chain filter narrows the collections to Ethereum and keeps it in the URL', async () => {
    await page.goto(pageUrl('/en/admins/categories'));
    const all = await (await rows('Collections')).count();
    await page.getByRole('combobox', { name: /^Chain/ }).selectOption({ label: 'Ethereum (local)' });
    await Promise.all([
      page.waitForURL(/chain_id=1(&|$)/),
      page.getByRole('button', { name: 'Search', exact: true }).click(),
    ]);
    const list = await rows('Collections');
    await expect.poll(() => list.count()).toBeLessThan(all);
    const chains = await list.locator('td:nth-child(3)').allTextContents();
    expect(chains.length).toBeGreaterThan(0);
    expect(new Set(chains)).toEqual(new Set(['Ethereum (local) (1)']));
  });

  test.each([
    ['/en/admins/card_serials', 'Cards'],
    ['/en/admins/revenues', 'By period'],
  ])('on %s the chain filter goes into the URL, and a shared link opens with it set', async (path, label) => {
    await page.goto(pageUrl(path));
    await rows(label);
    await page.getByRole('combobox', { name: /^Chain/ }).selectOption({ label: 'Ethereum (local)' });
    await Promise.all([
      page.waitForURL(/chain_id=1(&|$)/),
      page.getByRole('button', { name: 'Search', exact: true }).click(),
    ]);
    const shared = page.url();
    await page.goto(pageUrl(path));
    await page.goto(shared);
    await rows(label);
    expect(await page.getByRole('combobox', { name: /^Chain/ }).inputValue()).toBe('1');
  });
});
