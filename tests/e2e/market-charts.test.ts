/**
 * The market charts in Chromium on the demo data, without JavaScript: a sold card's price-history chart has its
 * accessible name and its data table (the sale in it, dated in Japan time), in Japanese and English; the
 * collection page's daily chart and stats the same way; axe finds no serious violation on either page. On a phone
 * (390 px) the charts' text is at least 11 px, each chart has its own title, the floor line shows, the activity
 * table stacks its rows with their labels, and each part of the token page has its own heading.
 */
import type { Browser, Page } from 'playwright-core';
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
          const name = (await figure.getByRole('img').getAttribute('aria-label')) ?? '';
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

/** The rendered size of each chart text shown on the page, in CSS px (font size times the SVG's scale). */
const chartTextSizes = (page: Page) =>
  page
    .locator('[data-market-chart] svg text')
    .evaluateAll((texts) =>
      texts
        .filter((text) => getComputedStyle(text).display !== 'none')
        .map(
          (text) =>
            Number.parseFloat(getComputedStyle(text).fontSize) * ((text as SVGTextElement).getScreenCTM()?.a ?? 0),
        ),
    );

describe('on a phone (390 px)', () => {
  test("a sold card's page: chart text of 11 px or more, a titled chart per currency, each part under its own heading", async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US', javaScriptEnabled: false });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(pageUrl(`/en/tokens/${sale.card.chainId}/${sale.card.contractAddress}/${sale.card.tokenId}`));
      const sizes = await chartTextSizes(page);
      expect(sizes.length).toBeGreaterThan(3);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
      const titles = await page.locator('[data-market-chart] figcaption').getByRole('heading').allTextContents();
      expect(titles.length).toBe(await page.locator('[data-market-chart]').count());
      expect(new Set(titles).size).toBe(titles.length);
      for (const title of titles) expect(title).toMatch(/^In \S+$/);
      // Rarity, last sale and price history: three sections, each named by its own heading.
      for (const [name, part] of [
        ['Rarity', 'p'],
        ['Last sale', '[data-yen]'],
        ['Price history', '[data-market-chart]'],
      ] as const) {
        expect(await page.getByRole('region', { name, exact: true }).locator(part).count(), name).toBeGreaterThan(0);
      }
      expect(
        await page.getByRole('region', { name: 'Price history' }).locator('[data-rarity], [data-last-sale]').count(),
      ).toBe(0);
    } finally {
      await close();
    }
  });

  test('the collection page: chart text of 11 px or more, a visible floor line, the activity table in stacked rows', async () => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP', javaScriptEnabled: false });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(pageUrl(`/collection/${collectionId}?period=all`));
      expect(Math.min(...(await chartTextSizes(page)))).toBeGreaterThanOrEqual(11);
      // The floor's days, and its latest level drawn across the plot.
      const chart = page
        .locator('[data-market-chart^="collection-daily"]')
        .filter({ has: page.locator('[data-floor-level]') });
      expect(await chart.locator('[data-series="floor"] path').count()).toBe(1);
      const level = chart.locator('[data-floor-level]').first();
      expect((await level.boundingBox())?.width ?? 0).toBeGreaterThan(250);
      expect(
        Number.parseFloat(await level.evaluate((line) => getComputedStyle(line).strokeWidth)),
      ).toBeGreaterThanOrEqual(1.5);
      const table = page.locator('[data-collection-activity] table');
      const headers = await table.locator('thead th').allTextContents();
      expect(await table.locator('thead').evaluate((head) => head.getBoundingClientRect().height)).toBeLessThanOrEqual(
        1,
      );
      const cells = await table
        .locator('tbody tr')
        .first()
        .locator('td')
        .evaluateAll((tds) =>
          tds.map((td) => ({
            label: getComputedStyle(td, '::before').content,
            width: td.getBoundingClientRect().width,
            display: getComputedStyle(td).display,
          })),
        );
      // Each cell drawn with its column's name (kept from screen readers, which hear the column header).
      expect(cells.map((cell) => cell.label)).toEqual(headers.map((header) => `${JSON.stringify(header)} / ""`));
      for (const cell of cells) {
        expect(cell.display).toBe('block');
        expect(cell.width).toBeGreaterThan(300);
      }
      // On a wide screen it is a table again.
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(
        await table
          .locator('tbody td')
          .first()
          .evaluate((td) => getComputedStyle(td).display),
      ).toBe('table-cell');
    } finally {
      await close();
    }
  });
});
