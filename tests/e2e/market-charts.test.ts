/**
 * The market charts in Chromium on the demo data, without JavaScript: a sold card's price-history chart has its
 * accessible name and its data table (the sale in it, dated in Japan time), in Japanese and English; the
 * collection page's daily chart and stats the same way; axe finds no serious violation on either page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ActivityItem } from '../../src/features/catalogue/types.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from '../helpers/browser.ts';
import { pageUrl } from '../helpers/e2e.ts';

let browser: Browser;
let sale: ActivityItem;
let collectionId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const activity = (await (await fetch(pageUrl('/api/v1/activity?type=sale&per_page=1'))).json()) as {
    items: ActivityItem[];
  };
  const [first] = activity.items;
  if (!first?.card.id) throw new Error('the demo data has no sale');
  sale = first;
  const card = (await (await fetch(pageUrl(`/api/v1/cards/${first.card.id}`))).json()) as {
    category: { id: number } | null;
  };
  if (!card.category) throw new Error('the sold card has no collection');
  collectionId = card.category.id;
});
afterAll(async () => {
  await browser?.close();
});

const LOCALES = [
  {
    prefix: '',
    locale: 'ja-JP',
    history: '価格の推移',
    table: 'グラフのデータを表で見る',
    sold: '販売',
    daily: '日ごとのフロア価格と取引額',
  },
  {
    prefix: '/en',
    locale: 'en-US',
    history: 'Price history',
    table: "Show the chart's data as a table",
    sold: 'Sale',
    daily: 'Floor and volume by day',
  },
] as const;

describe('market charts without JavaScript', () => {
  for (const lang of LOCALES) {
    test(`a sold card's price history is an image with a name and a table of its sales (${lang.locale})`, async () => {
      const { page, close } = await newPage(browser, { locale: lang.locale, javaScriptEnabled: false });
      try {
        const path = `${lang.prefix}/tokens/${sale.card.chainId}/${sale.card.contractAddress}/${sale.card.tokenId}`;
        expect((await page.goto(pageUrl(path)))?.status()).toBe(200);
        await expect(page.getByRole('heading', { name: lang.history }).count()).resolves.toBe(1);
        // The last sale's price with its yen figure (the demo's stand-in rates are fresh).
        expect(await page.locator('[data-last-sale] [data-yen]').textContent()).toMatch(/^≈ ¥[\d,]+$/);
        const figures = page.locator('[data-market-chart]');
        const rows: string[] = [];
        for (const figure of await figures.all()) {
          const labelledBy = (await figure.locator('svg[role="img"]').getAttribute('aria-labelledby')) ?? '';
          const name = (await page.locator(`[id="${labelledBy}"]`).textContent()) ?? '';
          expect(name.length).toBeGreaterThan(5);
          await figure.getByText(lang.table).click();
          const table = figure.getByRole('table', { name });
          await expect(table.count()).resolves.toBe(1);
          rows.push(...(await table.locator('tbody tr').allTextContents()));
        }
        expect(rows.some((row) => row.includes(lang.sold))).toBe(true);
        // The sale's date as the table shows it: Japan time, YYYY-MM-DD HH:mm.
        const tokyo = new Intl.DateTimeFormat('sv-SE', {
          timeZone: 'Asia/Tokyo',
          dateStyle: 'short',
          timeStyle: 'short',
        }).format(new Date(sale.at));
        expect(rows.some((row) => row.includes(tokyo))).toBe(true);
      } finally {
        await close();
      }
    });

    test(`the collection page shows owners and its daily chart with a table (${lang.locale})`, async () => {
      const { page, close } = await newPage(browser, { locale: lang.locale, javaScriptEnabled: false });
      try {
        expect((await page.goto(pageUrl(`${lang.prefix}/collection/${collectionId}?period=all`)))?.status()).toBe(200);
        expect(Number((await page.locator('[data-owners]').textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
        await expect(page.getByRole('heading', { name: lang.daily }).count()).resolves.toBe(1);
        const daily = page.locator('[data-market-chart^="collection-daily"]').first();
        await daily.getByText(lang.table).click();
        expect(await daily.locator('tbody tr').count()).toBeGreaterThan(0);
      } finally {
        await close();
      }
    });
  }
});

describe('market parts with axe', () => {
  for (const prefix of ['', '/en']) {
    test(`no serious violation on a sold card's page and its collection page (${prefix || '/'})`, async () => {
      const { page, close } = await newPage(browser, { locale: prefix ? 'en-US' : 'ja-JP' });
      try {
        await page.goto(
          pageUrl(`${prefix}/tokens/${sale.card.chainId}/${sale.card.contractAddress}/${sale.card.tokenId}`),
        );
        await expectNoSeriousA11yViolations(page);
        await page.goto(pageUrl(`${prefix}/collection/${collectionId}?period=24h&activity=sale`));
        await expectNoSeriousA11yViolations(page);
      } finally {
        await close();
      }
    });
  }
});
