/**
 * Browser helpers for e2e tests and benchmarks: the system Chromium through playwright-core, pages that
 * cannot reach any host but this machine, and an axe-core accessibility check.
 *
 * No vitest import here, so `bench/*.mjs` can use it under plain Node 24.
 *
 * @see docs/architecture.md "Tests" (third parties that cannot run here)
 */
import { AssertionError } from 'node:assert';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Result as AxeResult, AxeResults, RunOptions } from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Flags that keep headless Chromium quiet, offline and light on a 2-core machine.
 *
 * Offline by a proxy that does not exist: every request to a host off this machine (a name or an IP literal) fails
 * in the browser's network stack, while loopback hosts bypass proxies implicitly
 * (https://chromium.googlesource.com/chromium/src/+/HEAD/net/docs/proxy.md#implicit-bypass-rules). This costs
 * nothing per request; a catch-all `context.route` sent every request of every page through the test process and
 * turned off the browser's HTTP cache (https://playwright.dev/docs/api/class-browsercontext#browser-context-route).
 */
export const CHROMIUM_ARGS = [
  '--proxy-server=http://127.0.0.1:9',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** Hosts of third parties the site may load (tag manager, reCAPTCHA, Web3Auth); always blocked in tests. */
export const THIRD_PARTY_HOSTS = ['googletagmanager.com', 'google.com', 'gstatic.com', 'web3auth.io'] as const;

/** Launches the system Chromium (`/usr/bin/chromium`, installed by `.ci/run`) headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS] });
}

/** Options of {@link newPage}. */
export interface NewPageOptions {
  /** BCP 47 locale of the browser (`navigator.language`, `Accept-Language`), e.g. `ja-JP` or `en-US`. */
  locale?: string;
  /** Set false to load pages as a crawler or a no-JS visitor sees them. */
  javaScriptEnabled?: boolean;
}

/** A page in its own context, with what it logged and what the network guard stopped. */
export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors, except the noise of blocked third-party requests. */
  consoleErrors: string[];
  /** URLs of requests that were aborted because they left the machine. */
  blockedRequests: string[];
  /** Closes the page's context. */
  close: () => Promise<void>;
}

/** True for hosts on this machine: 127.0.0.0/8, localhost and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** True when a request to `url` must not leave the machine (named third parties and any non-loopback host). */
export function isBlockedUrl(url: string): boolean {
  const parsed = new URL(url);
  if (parsed.protocol === 'data:' || parsed.protocol === 'blob:' || parsed.protocol === 'about:') return false;
  const host = parsed.hostname.toLowerCase();
  if (THIRD_PARTY_HOSTS.some((blocked) => host === blocked || host.endsWith(`.${blocked}`))) return true;
  return !isLoopbackHost(host);
}

/**
 * Opens a page in a fresh browser context that records every request leaving the machine (the browser fails them:
 * see {@link CHROMIUM_ARGS}) and collects console errors and uncaught exceptions. Close it with `close()` (or close
 * the browser).
 */
export async function newPage(browser: Browser, options: NewPageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    ...(options.locale === undefined ? {} : { locale: options.locale }),
    ...(options.javaScriptEnabled === undefined ? {} : { javaScriptEnabled: options.javaScriptEnabled }),
    serviceWorkers: 'block',
  });
  const blockedRequests: string[] = [];
  const consoleErrors: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (isBlockedUrl(url)) blockedRequests.push(url);
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource" of a request that left the machine: the guard working, not the page failing.
    const source = message.location().url;
    if (source && isBlockedUrl(source) && message.text().includes('net::ERR_')) return;
    consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message} @ ${page.url()}`));
  return { page, context, consoleErrors, blockedRequests, close: () => context.close() };
}

/** Impacts that fail the accessibility check. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** axe-core's browser build, read once per test file. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Only violations are read: axe then makes selectors for the failing nodes alone, not for every passing one. */
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * Runs axe-core on the page as it is now and returns the violations of impact serious or critical.
 *
 * axe is put into the page once and run there (`axe.run` on the document; the site's pages have no frames of their
 * own, and a third party's would be blocked). `@axe-core/playwright` took about 4 times as long for the same rules:
 * it evaluated axe's 550 KB twice in every frame and finished each run in a new blank page (2.7 s a run against
 * 0.64 s on the 390 px pass of page-kinds.test.ts).
 */
export async function runAxe(page: Page): Promise<AxeResult[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    AXE_OPTIONS,
  );
  return results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
}

/** One line per violation and up to 5 offending nodes, for a readable failure message. */
export function formatViolations(violations: AxeResult[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, 5).map((node) => `    ${node.target.join(' ')}`);
      return [`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`, ...nodes].join('\n');
    })
    .join('\n');
}

/** Throws an AssertionError listing the serious and critical axe violations of the page, if any. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const violations = await runAxe(page);
  if (violations.length === 0) return;
  throw new AssertionError({
    message: `${violations.length} serious or critical accessibility violation(s) on ${page.url()}:\n${formatViolations(violations)}`,
  });
}
