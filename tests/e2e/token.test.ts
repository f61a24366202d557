/**
 * The token page on the seeded demo data: complete without JavaScript in both languages (image,
 * creator, collection, owner, price, traits, activity), its head tags and Open Graph image, its cache
 * policy, the same card under `/nfts/{id}`, 404 for unknown cards, and the report dialog storing a
 * report (the API answers 201 and the page says thank you). The e2e server's database is not
 * reachable from here, so the stored report is checked through the API's answer.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CardSummary } from '../../src/features/catalogue/types.ts';
import { SHARED_CACHE_CONTROL } from '../../src/server/cache/cachePage.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from '../helpers/browser.ts';
import { pageUrl } from '../helpers/e2e.ts';

let browser: Browser;
/** A listed demo card and an unlisted one, found through the public API. */
let listed: CardSummary;
let unlisted: CardSummary;

const tokenPath = (card: CardSummary) => `/tokens/${card.chainId}/${card.contractAddress}/${card.tokenId}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const cards = async (query: string) =>
    ((await (await fetch(pageUrl(`/api/v1/cards?${query}`))).json()) as { items: CardSummary[] }).items;
  const [first] = await cards('status=listed&sort=most_viewed&per_page=1');
  const all = await cards('per_page=100');
  const other = all.find((card) => card.listing === null);
  if (!first || !other) throw new Error('the demo data has no listed or no unlisted card');
  listed = first;
  unlisted = other;
});
afterAll(async () => {
  await browser?.close();
});

const meta = (html: string, attr: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];

describe('token page without JavaScript', () => {
  test('shows the card, its creator, collection, owner, price, traits and activity in English', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US', javaScriptEnabled: false });
    const response = await page.goto(pageUrl(`/en${tokenPath(listed)}`));
    expect(response?.status()).toBe(200);
    const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(name.length).toBeGreaterThan(0);
    expect(await page.getByRole('img', { name: `Card art of ${name}` }).count()).toBe(1);
    expect(
      await page
        .getByRole('link', { name: listed.creator?.nameEn ?? '' })
        .first()
        .getAttribute('href'),
    ).toBe(`/en/creator/${listed.creator?.walletAddress}`);
    expect(
      await page
        .getByRole('link', { name: listed.category?.nameEn ?? '' })
        .first()
        .getAttribute('href'),
    ).toBe(`/en/collection/${listed.category?.id}`);
    expect(await page.getByText(listed.owner).count()).toBeGreaterThan(0);
    expect(await page.locator('[data-listing-status]').getAttribute('data-listing-status')).toBe('listed');
    expect(await page.locator('[data-listing-status] [data-price]').first().getAttribute('data-price')).toBe(
      listed.listing?.price,
    );
    expect(await page.locator('[data-traits]').textContent()).toContain('Rarity');
    expect(await page.locator('[data-activity] tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-trade-actions]').count()).toBe(1);
    await close();
  });

  test('says in Japanese when a card is not listed', async () => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP', javaScriptEnabled: false });
    await page.goto(pageUrl(tokenPath(unlisted)));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(unlisted.name);
    expect(await page.locator('[data-listing-status]').textContent()).toContain('現在は出品されていません');
    expect(await page.getByRole('heading', { name: 'アクティビティ' }).count()).toBe(1);
    await close();
  });

  test('/nfts/{id} shows the same card', async () => {
    const { page, close } = await newPage(browser, { locale: 'en-US', javaScriptEnabled: false });
    await page.goto(pageUrl(`/en/nfts/${listed.id}`));
    expect(await page.locator('[data-token]').getAttribute('data-card-id')).toBe(String(listed.id));
    await close();
  });

  test('unknown cards answer 404', async () => {
    const unknown = await fetch(pageUrl(`/tokens/${listed.chainId}/${listed.contractAddress}/987654321`));
    expect(unknown.status).toBe(404);
    expect((await fetch(pageUrl('/nfts/987654321'))).status).toBe(404);
    expect((await fetch(pageUrl(`/tokens/137/0x${'12'.repeat(20)}`))).status).toBe(404);
  });
});

describe('head tags, Open Graph image and caching', () => {
  test('title, description, canonical and og:image name the card', async () => {
    const response = await fetch(pageUrl(`/en${tokenPath(listed)}`));
    const html = await response.text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
    expect(title).toMatch(/ \| Kirafuda$/);
    expect(meta(html, 'name', 'description')).toMatch(/Price: /);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/en${tokenPath(listed)}">`));
    expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="ja" href="[^"]+${tokenPath(listed)}">`));
    const image = meta(html, 'property', 'og:image') ?? '';
    expect(new URL(image).pathname).toBe(`/og${tokenPath(listed)}.png`);
    expect(meta(html, 'name', 'twitter:image')).toBe(image);

    const png = await fetch(pageUrl(new URL(image).pathname));
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=600');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const header = new DataView(bytes.buffer, bytes.byteOffset);
    expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
    expect([header.getUint32(16), header.getUint32(20)]).toEqual([1200, 630]);
    // Drawn once per look of the card: asked again, it is kept (and a client that has it gets 304).
    const again = await fetch(pageUrl(new URL(image).pathname));
    expect(again.headers.get('x-og-image')).toBe('kept');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    const etag = again.headers.get('etag') ?? '';
    const revalidated = await fetch(pageUrl(new URL(image).pathname), { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect((await fetch(pageUrl(`/og/tokens/${listed.chainId}/${listed.contractAddress}/987654321.png`))).status).toBe(
      404,
    );
  });

  test('every visitor gets the same cached page, signed in or not, in the encoding they accept', async () => {
    const path = pageUrl(tokenPath(listed));
    const anonymous = await fetch(path, { headers: { 'accept-encoding': 'identity' } });
    expect(anonymous.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
    const body = await anonymous.text();
    const signedIn = await fetch(path, {
      headers: { cookie: 'demo_auth=some-session', 'accept-encoding': 'identity' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
    expect(signedIn.headers.get('x-astro-cache')).toBe('HIT');
    expect(signedIn.headers.get('set-cookie')).toBeNull();
    expect(await signedIn.text()).toBe(body);
    const compressed = await fetch(path, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding');
    expect(await compressed.text()).toBe(body);
  });
});

describe('report dialog', () => {
  test('stores a report and thanks the reporter', async () => {
    const { page, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(pageUrl(`/en${tokenPath(unlisted)}`));
    await page.getByRole('button', { name: 'Report illegal or inappropriate content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this card' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Kind of problem').selectOption('copyright');
    await dialog.getByLabel('Details').fill('This artwork copies my illustration without permission.');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/illegal_report') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Send report' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      token_id: unlisted.tokenId,
      type: 'copyright',
      chain_id: unlisted.chainId,
      contract_address: unlisted.contractAddress,
    });
    expect(await response.json()).toMatchObject({ id: expect.any(Number) });
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('Thank you. Your report has been received.');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(consoleErrors).toEqual([]);
    await close();
  });
});

describe('accessibility', () => {
  test.each(['en', 'ja'])('axe: no serious violation on the token page (%s)', async (lang) => {
    const { page, close } = await newPage(browser, { locale: lang === 'en' ? 'en-US' : 'ja-JP' });
    await page.goto(pageUrl(`${lang === 'en' ? '/en' : ''}${tokenPath(listed)}`));
    await expectNoSeriousA11yViolations(page);
    await close();
  });
});
