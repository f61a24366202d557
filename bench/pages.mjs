/**
 * Catalogue pages under load, on a large catalogue (the demo data plus 100,000 bulk cards, `BENCH_CARDS` to
 * change): the built server on a fresh embedded database, then autocannon with `Accept-Encoding: br, gzip`:
 *
 * 1. Throughput, 100 connections (2 s warm-up, 8 s measured) per target: a static file (the stylesheet), the
 *    cached `/terms`, home, a token page, `/market`, a filtered and sorted `/market` and rankings (pages anonymous
 *    and with a signed-in wallet session), each against the machine's limit for its bytes: a bare `node:http`
 *    server in its own process sending the same bytes and headers (./bareServer.mjs), measured just before it.
 *    Printed as requests/s and the ratio to that bare server.
 * 2. Load: 500 connections for 60 s over a mix of those pages (20 token pages among them): errors, timeouts,
 *    non-2xx, p50/p99, and the server's event-loop delay after it (`/api/v1/health`).
 *
 * Starts a server of its own; the `baseUrl` it is given is not used. `BENCH_DATABASE_URL=postgres://...` seeds
 * a new database of that PostgreSQL server instead. Alone: `npm run bench -- pages`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { importTs } from '../scripts/lib/bundle-ts.mjs';
import { startServer } from '../tests/helpers/server.ts';
import { startBareServerLike } from './bareServer.mjs';
import { rateColumns, summaryRow } from './resultRow.mjs';
import { SITE_HEADERS } from './search.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A static file of the built site to measure: the stylesheet every page loads (precompressed, answered from
 * memory), or the favicon when a build has no stylesheet.
 */
export function staticFilePath() {
  const stylesheet = readdirSync(join(root, 'dist', 'client', '_astro')).find((name) => name.endsWith('.css'));
  return stylesheet ? `/_astro/${stylesheet}` : '/favicon.svg';
}

/** What a browser sends for a page. */
export const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'accept-language': 'ja',
  'accept-encoding': 'br, gzip',
};

/**
 * Signs a new wallet in through the API, the way the site does (nonce, personal_sign, session): the cookie
 * header a signed-in visitor sends.
 *
 * @param {string} baseUrl
 * @returns {Promise<string>}
 */
export async function walletSessionCookie(baseUrl) {
  const account = privateKeyToAccount(generatePrivateKey());
  const nonce = await fetch(new URL(`/api/v1/mch_session/nonce?wallet_address=${account.address}`, baseUrl), {
    headers: SITE_HEADERS,
  });
  const { message } = /** @type {{ message: string }} */ (await nonce.json());
  const signature = await account.signMessage({ message });
  const session = await fetch(new URL('/api/v1/mch_session', baseUrl), {
    method: 'POST',
    headers: { ...SITE_HEADERS, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ wallet_address: account.address, signature, message }),
  });
  if (session.status !== 200) throw new Error(`wallet sign-in answered ${session.status}`);
  return session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * autocannon on one URL.
 *
 * @param {string} url
 * @param {{ seconds: number, connections: number, headers?: Record<string, string> }} options
 */
function hammer(url, { seconds, connections, headers = {} }) {
  return autocannon({ url, connections, duration: seconds, headers: { ...PAGE_HEADERS, ...headers }, timeout: 10 });
}

/**
 * Loads `path` twice (the second answer comes from the cache) and answers its status and encoding.
 *
 * @param {string} baseUrl
 * @param {string} path
 * @param {Record<string, string>} [headers]
 */
async function warm(baseUrl, path, headers = {}) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await fetch(new URL(path, baseUrl), { headers: { ...PAGE_HEADERS, ...headers } });
    await response.arrayBuffer();
    if (attempt === 1)
      return {
        status: response.status,
        encoding: response.headers.get('content-encoding') ?? 'identity',
        cache: response.headers.get('x-astro-cache') ?? 'static',
      };
  }
  throw new Error('unreachable');
}

/**
 * Bench module (see the module comment).
 *
 * @param {{ seconds?: number, warmUpSeconds?: number, connections?: number, loadSeconds?: number, loadConnections?: number }} [options]
 */
export async function run({
  seconds = 8,
  warmUpSeconds = 2,
  connections = 100,
  loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60),
  loadConnections = 500,
} = {}) {
  const size = Number(process.env.BENCH_CARDS ?? 100_000);
  const { seedCatalogue } = await importTs('bench/seedCatalogue.ts');
  const catalogue = await seedCatalogue(size);
  console.log(`seeded ${catalogue.cards} cards in ${catalogue.seconds.toFixed(1)} s`);
  const server = await startServer({
    root,
    env: { DATABASE_URL: '', DATA_DIR: '', SEED_DEMO: '0', ...catalogue.database.env },
    timeoutMs: 120_000,
  });
  try {
    const cookie = await walletSessionCookie(server.url);
    const token = catalogue.listedTokenPaths[0] ?? '/nfts/1';
    const targets = [
      { label: 'static file (the stylesheet)', path: staticFilePath(), page: false },
      { label: 'cached page /terms', path: '/terms', page: true },
      { label: 'home', path: '/', page: true },
      { label: 'token page', path: token, page: true },
      { label: 'market', path: '/market', page: true },
      {
        label: 'market listed, price asc, ETH',
        path: '/market?status=listed&sort=price_asc&currency_code=2',
        page: true,
      },
      { label: 'rankings', path: '/rankings', page: true },
    ];
    const rows = [];
    for (const target of targets) {
      const url = new URL(target.path, server.url).href;
      // The machine's limit for these bytes: a bare node:http server in its own process sending them.
      const bare = await startBareServerLike(url, PAGE_HEADERS);
      let bareRate = 1;
      try {
        await hammer(bare.url, { seconds: warmUpSeconds, connections });
        bareRate = (await hammer(bare.url, { seconds, connections })).requests.average || 1;
      } finally {
        bare.stop();
      }
      for (const who of target.page ? ['anonymous', 'signed in'] : ['anonymous']) {
        const headers = who === 'signed in' ? { cookie } : {};
        const probe = await warm(server.url, target.path, headers);
        if (probe.status !== 200) throw new Error(`${target.path} answered ${probe.status}`);
        await hammer(url, { seconds: warmUpSeconds, connections, headers });
        const result = await hammer(url, { seconds, connections, headers });
        const { 'req/s': rate, ...rest } = rateColumns(result);
        rows.push({
          target: target.label,
          visitor: who,
          bytes: bare.bytes,
          'req/s': rate,
          'bare req/s': Math.round(bareRate),
          'of bare': Number((result.requests.average / bareRate).toFixed(2)),
          ...rest,
          encoding: probe.encoding,
          answered: target.page ? probe.cache : 'static',
        });
      }
    }
    console.log(
      `\n${connections} connections, ${warmUpSeconds} s warm-up then ${seconds} s per target (Accept-Encoding: br, gzip)`,
    );
    console.table(rows);
    for (const target of targets) console.log(`  ${target.label}: ${target.path}`);

    const mix = [
      '/',
      '/market',
      '/market?status=listed&sort=price_asc&currency_code=2',
      '/rankings',
      '/terms',
      ...catalogue.listedTokenPaths,
    ];
    for (const path of mix) await warm(server.url, path);
    const load = await autocannon({
      url: server.url,
      connections: loadConnections,
      duration: loadSeconds,
      timeout: 10,
      headers: PAGE_HEADERS,
      requests: mix.map((path) => ({ method: 'GET', path })),
    });
    const health = /** @type {{ eventLoopDelayMs: { p50: number, p99: number, max: number } }} */ (
      await (await fetch(new URL('/api/v1/health', server.url))).json()
    );
    console.log(`\nload: ${loadConnections} connections for ${loadSeconds} s over ${mix.length} pages`);
    console.table([
      {
        ...summaryRow('page mix', load),
        'event loop p99 ms': health.eventLoopDelayMs.p99,
        'event loop max ms': health.eventLoopDelayMs.max,
      },
    ]);
    return { rows, load };
  } finally {
    await server.stop();
    await catalogue.database.close();
  }
}

if (import.meta.main) await run();
