/**
 * Lighthouse scores (performance, accessibility, SEO, best practices; default config = mobile form factor
 * with simulated throttling) of `/`, `/market` and a token page, on a fresh database with the demo data.
 *
 * Lighthouse drives the system Chromium over the DevTools port. Two ways to start it: `spawn` (run
 * `/usr/bin/chromium --headless=new --remote-debugging-port=N` with the test flags) and `playwright`
 * (playwright-core's `chromium.launch` with the same flags plus the port). The first way is tried and,
 * if it fails, the second; `LIGHTHOUSE_LAUNCH=spawn|playwright` forces one. Requests carry
 * `Accept-Language: ja`, so `/` is audited as itself rather than as a 302 to `/en`.
 * Nothing is blocked: the pages only load from this machine.
 *
 * Starts a server of its own (it needs the demo data), so the `baseUrl` it is given is not used.
 * Alone: `node bench/lighthouse.mjs` (after `astro build`).
 *
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { importTs } from '../scripts/lib/bundle-ts.mjs';
import { CHROMIUM_ARGS } from '../tests/helpers/browser.ts';
import { freePort, startServer } from '../tests/helpers/server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';

/** Lighthouse categories reported, in print order. */
export const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'];

/** Resolves when the DevTools endpoint on `port` answers, or rejects after `ms`. */
async function waitForDevTools(port, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no DevTools endpoint on port ${port} after ${ms} ms`);
    await sleep(200);
  }
}

/**
 * Ways to start Chromium with a DevTools port; each resolves with the port and a `close()`.
 *
 * @type {Record<string, () => Promise<{ port: number, close: () => Promise<void> }>>}
 */
export const LAUNCHERS = {
  async spawn() {
    const port = await freePort();
    const profile = await mkdtemp(join(tmpdir(), 'kirafuda-lh-'));
    const args = ['--headless=new', ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`];
    const child = spawn(CHROMIUM, [...args, 'about:blank'], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    const close = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        try {
          process.kill(-(child.pid ?? 0), 'SIGTERM'); // the group of the Chromium started here
        } catch {
          // already gone
        }
        await Promise.race([exited, sleep(5_000)]);
      }
      await rm(profile, { recursive: true, force: true });
    };
    try {
      await waitForDevTools(port);
    } catch (error) {
      await close();
      throw new Error(`${error instanceof Error ? error.message : error}\nchromium stderr:\n${stderr}`);
    }
    return { port, close };
  },
  async playwright() {
    const port = await freePort();
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    });
    await waitForDevTools(port).catch(async (error) => {
      await browser.close();
      throw error;
    });
    return { port, close: () => browser.close() };
  },
};

/**
 * Audits each path with Lighthouse through the Chromium on `port` and returns one row per page.
 *
 * @param {string} baseUrl
 * @param {string[]} paths
 * @param {number} port
 */
async function auditAll(baseUrl, paths, port) {
  const rows = [];
  for (const path of paths) {
    const result = await lighthouse(new URL(path, baseUrl).href, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      extraHeaders: { 'Accept-Language': 'ja' },
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${path}`);
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id) => {
      const value = lhr.categories[id]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : 'n/a';
    };
    const audit = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
    const failed = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    rows.push({
      page: path,
      version: lhr.lighthouseVersion,
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      'best-practices': score('best-practices'),
      FCP: audit('first-contentful-paint'),
      LCP: audit('largest-contentful-paint'),
      TBT: audit('total-blocking-time'),
      CLS: audit('cumulative-layout-shift'),
      failed,
      warnings: lhr.runWarnings ?? [],
    });
  }
  return rows;
}

/**
 * Bench module: seeds, serves, starts Chromium one way (then the other if needed), audits, prints.
 *
 * @param {{ baseUrl?: string }} [context]
 */
export async function run() {
  process.env.CHROME_PATH = CHROMIUM;
  const { seedCatalogue } = await importTs('bench/seedCatalogue.ts');
  const catalogue = await seedCatalogue(0);
  let server;
  try {
    const paths = ['/', '/market', catalogue.listedTokenPaths[0] ?? '/nfts/1'];
    server = await startServer({
      root,
      env: { DATABASE_URL: '', DATA_DIR: '', SEED_DEMO: '0', ...catalogue.database.env },
    });
    const forced = process.env.LIGHTHOUSE_LAUNCH;
    const ways = forced ? [forced] : Object.keys(LAUNCHERS);
    const failures = [];
    for (const way of ways) {
      const launch = LAUNCHERS[way];
      if (!launch) throw new Error(`LIGHTHOUSE_LAUNCH=${way}: use one of ${Object.keys(LAUNCHERS).join(', ')}`);
      let browser;
      try {
        browser = await launch();
        const rows = await auditAll(server.url, paths, browser.port);
        console.log(`Lighthouse ${rows[0]?.version}, mobile (default config), Chromium started by ${way}`);
        console.table(rows.map(({ version, failed, warnings, ...scores }) => scores));
        for (const row of rows) {
          if (row.failed.length) console.log(`${row.page} failed audits: ${row.failed.join(', ')}`);
          for (const warning of row.warnings) console.log(`${row.page} warning: ${warning}`);
        }
        return rows;
      } catch (error) {
        const stderr = server.stderr().slice(-2_000);
        failures.push(`${way}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        console.log(`Lighthouse with Chromium started by ${way} failed; ${failures.at(-1)}`);
        if (stderr) console.log(`server stderr (tail):\n${stderr}`);
      } finally {
        await browser?.close();
      }
    }
    throw new Error(`Lighthouse could not run:\n${failures.join('\n')}`);
  } finally {
    await server?.stop();
    await catalogue.database.close();
  }
}

if (import.meta.main) await run();
