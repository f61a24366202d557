/**
 * Per-page JavaScript budget: the content pages (home, market, rankings, collections, terms, privacy, a token
 * page, an items page) load at most 12 KB of gzipped JavaScript before a person interacts, and no
 * wallet-library code (it loads on the first wallet action).
 *
 * @see docs/architecture.md "Static first, islands late"
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contentPages, JS_BUDGET_BYTES, measurePageJs } from '../../bench/js-size.mjs';
import { launchBrowser } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('JavaScript loaded before interaction', () => {
  test('each content page loads at most 12 KB of gzipped JavaScript and no wallet library', async () => {
    const pages = await contentPages(baseUrl());
    expect(pages.some((path) => path.startsWith('/tokens/'))).toBe(true);
    for (const path of [...pages, '/en/terms', '/en/privacy']) {
      const js = await measurePageJs(baseUrl(), path, { browser });
      const loaded = js.scripts.map(
        (s) => `${s.url} ${(s.gzipBytes / 1024).toFixed(1)} KB ${s.walletMarkers.join(', ')}`,
      );
      expect(js.status, `${path} answered ${js.status}`).toBe(200);
      expect(js.totalGzipBytes, `scripts loaded by ${path}:\n${loaded.join('\n')}`).toBeLessThanOrEqual(
        JS_BUDGET_BYTES,
      );
      expect(
        js.scripts.filter((s) => s.walletMarkers.length > 0).map((s) => s.url),
        `wallet-library code loaded by ${path} before any wallet action`,
      ).toEqual([]);
      expect(js.walletLibraryLoaded, path).toBe(false);
    }
  }, 180_000);
});
