/**
 * JavaScript weight of a page before any interaction: every script the page loads by itself until the
 * network is idle, each body gzipped here at level 9 (the transfer encoding of the server is ignored so
 * the figure does not depend on it), plus the inline scripts of the HTML. Also tells whether wallet
 * library code (viem, wagmi, Web3Auth) was loaded, which must only happen on the first wallet action.
 *
 * Used by `tests/e2e/js-budget.test.ts` (the budget) and by `bench/run.mjs` (the table).
 *
 * @see docs/architecture.md "Static first, islands late"
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPage } from '../tests/helpers/browser.ts';

/** Budget of gzipped JavaScript a content page may load before interaction: 12 KB (KB = 1024 bytes). */
export const JS_BUDGET_BYTES = 12 * 1024;

/**
 * The content pages measured (`npm run bench` and the budget test): home, market, rankings, collections, terms
 * and privacy in both languages where they differ, and, when the catalogue has one, a listed card's token page
 * and its owner's items page.
 *
 * @param {string} baseUrl
 * @returns {Promise<string[]>}
 */
export async function contentPages(baseUrl) {
  const pages = ['/', '/en', '/market', '/en/market', '/rankings', '/browse-category', '/terms', '/privacy'];
  const response = await fetch(new URL('/api/v1/cards?status=listed&per_page=1', baseUrl));
  const body = response.ok
    ? /** @type {{ items?: { chainId: number, contractAddress: string, tokenId: string, owner: string }[] }} */ (
        await response.json()
      )
    : {};
  const card = body.items?.[0];
  if (card) pages.push(`/tokens/${card.chainId}/${card.contractAddress}/${card.tokenId}`, `/en/user/${card.owner}`);
  return pages;
}

/** File names of wallet-library chunks. */
const WALLET_FILE_NAME = /viem|wagmi|web3auth/i;
/** Substrings that only wallet-library code contains (viem's error footer, package ids, class names). */
const WALLET_BODY_MARKERS = ['viem@', 'Version: viem', '@wagmi/', 'wagmi', 'Web3Auth'];

/**
 * Wallet-library markers found in one script. References to lazy chunks (`/_astro/wagmi.x.js`) and
 * storage-key strings (`'wagmi.store'`) are removed first: naming a chunk or reading a key is not loading
 * the library.
 *
 * @param {string} url
 * @param {string} body
 * @returns {string[]}
 */
export function walletMarkersOf(url, body) {
  const markers = [];
  const fileName = new URL(url, 'http://x/').pathname.split('/').pop() ?? '';
  if (WALLET_FILE_NAME.test(fileName)) markers.push(`file name ${fileName}`);
  const code = body.replace(/[\w./@-]*\.m?js\b/g, '').replace(/(['"`])wagmi\.[\w.]+\1/g, '');
  for (const marker of WALLET_BODY_MARKERS) if (code.includes(marker)) markers.push(marker);
  if (code.includes('Details: ') && code.includes('Version: viem')) markers.push('viem error text');
  return markers;
}

/**
 * Bodies of the executable inline scripts of an HTML document (no `src`, no data `type`).
 *
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptsOf(html) {
  const scripts = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !type.includes('javascript') && !type.includes('ecmascript')) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** @param {string | Buffer} body */
const gzipBytes = (body) => gzipSync(body, { level: 9 }).length;

/**
 * @typedef {object} ScriptSize
 * @property {string} url
 * @property {number} rawBytes
 * @property {number} gzipBytes
 * @property {string[]} walletMarkers
 *
 * @typedef {object} PageJs
 * @property {string} path
 * @property {number} status HTTP status of the document
 * @property {ScriptSize[]} scripts external scripts, in the order their responses arrived
 * @property {number} inlineCount
 * @property {number} inlineGzipBytes
 * @property {number} totalGzipBytes external + inline, the figure the budget applies to
 * @property {boolean} walletLibraryLoaded
 * @property {string[]} consoleErrors
 */

/**
 * Loads `path` from `baseUrl` in Chromium without interacting, waits for network idle and measures the
 * JavaScript it loaded. Pass `options.browser` to reuse a browser across pages.
 *
 * @param {string} baseUrl
 * @param {string} path
 * @param {{ browser?: import('playwright-core').Browser, locale?: string }} [options]
 * @returns {Promise<PageJs>}
 */
export async function measurePageJs(baseUrl, path, options = {}) {
  const browser = options.browser ?? (await launchBrowser());
  const { page, consoleErrors, close } = await newPage(browser, { locale: options.locale ?? 'ja-JP' });
  /** @type {Promise<ScriptSize | undefined>[]} */
  const pending = [];
  const seen = new Set();
  page.on('response', (response) => {
    const url = response.url();
    const contentType = response.headers()['content-type'] ?? '';
    const isScript =
      response.request().resourceType() === 'script' ||
      /javascript|ecmascript/i.test(contentType) ||
      /\.m?js$/.test(new URL(url).pathname);
    if (!isScript || seen.has(url) || (response.status() >= 300 && response.status() < 400)) return;
    seen.add(url);
    pending.push(
      response.body().then(
        (body) => ({
          url,
          rawBytes: body.length,
          gzipBytes: gzipBytes(body),
          walletMarkers: walletMarkersOf(url, body.toString('utf8')),
        }),
        () => undefined,
      ),
    );
  });
  try {
    const document = await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle', timeout: 45_000 });
    const html = document ? await document.text() : '';
    const inline = inlineScriptsOf(html);
    const scripts = /** @type {ScriptSize[]} */ ((await Promise.all(pending)).filter(Boolean));
    const inlineGzipBytes = inline.length ? gzipBytes(inline.join('\n')) : 0;
    const inlineMarkers = walletMarkersOf('inline', inline.join('\n'));
    return {
      path,
      status: document?.status() ?? 0,
      scripts,
      inlineCount: inline.length,
      inlineGzipBytes,
      totalGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) + inlineGzipBytes,
      walletLibraryLoaded: inlineMarkers.length > 0 || scripts.some((script) => script.walletMarkers.length > 0),
      consoleErrors,
    };
  } finally {
    await close();
    if (!options.browser) await browser.close();
  }
}

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1);

/**
 * Bench module: prints JS gzip KB per page with the ratio to the budget.
 *
 * @param {{ baseUrl: string }} context
 */
export async function run({ baseUrl }) {
  const browser = await launchBrowser();
  try {
    const rows = [];
    for (const path of await contentPages(baseUrl)) {
      const js = await measurePageJs(baseUrl, path, { browser });
      rows.push({
        page: path,
        status: js.status,
        scripts: `${js.scripts.length} + ${js.inlineCount} inline`,
        'JS gzip KB': kb(js.totalGzipBytes),
        'of budget': (js.totalGzipBytes / JS_BUDGET_BYTES).toFixed(2),
        'wallet code': js.walletLibraryLoaded ? 'LOADED' : 'no',
      });
    }
    console.log(`JavaScript loaded before interaction (gzip -9 of each body; budget ${kb(JS_BUDGET_BYTES)} KB)`);
    console.table(rows);
  } finally {
    await browser.close();
  }
}
