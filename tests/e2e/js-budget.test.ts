/**
 * Per-page JavaScript budget: the content pages load at most 80 KB of gzipped JavaScript before a person
 * interacts, and no wallet-library code (it loads on the first wallet action).
 *
 * @see /work/shared/CONVENTIONS.md "Static first, islands late"
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { JS_BUDGET_BYTES, measurePageJs } from '../../bench/js-size.mjs';
import { launchBrowser } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e.ts';

const PAGES = ['/', '/terms', '/privacy', '/en/', '/en/terms', '/en/privacy'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('JavaScript loaded before interaction', () => {
  test.each(PAGES)('%s loads at most 80 KB of gzipped JavaScript and no wallet library', async (path) => {
    const js = await measurePageJs(baseUrl(), path, { browser });
    const loaded = js.scripts.map(
      (s) => `${s.url} ${(s.gzipBytes / 1024).toFixed(1)} KB ${s.walletMarkers.join(', ')}`,
    );

    expect(js.status, `${path} answered ${js.status}`).toBe(200);
    expect(js.totalGzipBytes, `scripts loaded by ${path}:\n${loaded.join('\n')}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(
      js.scripts.filter((s) => s.walletMarkers.length > 0).map((s) => s.url),
      'wallet-library code loaded before any wallet action',
    ).toEqual([]);
    expect(js.walletLibraryLoaded).toBe(false);
  });
});
