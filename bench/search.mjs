/**
 * Latency of the header search (`GET /api/v1/searches/incremental_search`) on a large catalogue: a fresh
 * PGlite database seeded with `seedBulk` (100,000 cards, 10,000 creators, 20,000 collections), the built
 * server started on it, then autocannon for 10 s over 1 connection (the time of one search) and 10 s
 * over 10 connections (under load), each request with the next of a list of Japanese and English
 * keywords (common, rare, one-letter, unmatched). Prints p50, p99 and requests per second against the
 * target p99 < 20 ms at 10 connections.
 *
 * Starts a server of its own (the shared one of `bench/run.mjs` has an empty database), so the
 * `baseUrl` it is given is not used. `BENCH_DATABASE_URL=postgres://...` runs it on a fresh database
 * of that PostgreSQL server instead. Alone: `node bench/search.mjs` (after `astro build`).
 *
 * @see docs/architecture.md "Tests" (benchmarks are not tests)
 * @see docs/product-spec.md §5 (search: one call per 500 ms per person)
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { importTs } from '../scripts/lib/bundle-ts.mjs';
import { startServer } from '../tests/helpers/server.ts';
import { summaryRow } from './resultRow.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Target of the search endpoint's 99th percentile latency, in ms. */
export const SEARCH_P99_TARGET_MS = 20;

/** What people type: creator and collection names in both scripts, prefixes, one letter, nothing found. */
export const SEARCH_KEYWORDS = [
  'sato',
  '佐藤',
  'dragon',
  '竜',
  '蒼き',
  'azure drag',
  'yui',
  '結衣',
  'kobayashi',
  '魔女',
  'witch',
  'vol. 12',
  'さくら',
  'sakura',
  '夜桜',
  'night',
  'mio',
  '星降る',
  'library',
  'phantom train',
  '学園',
  'kaede',
  'a',
  'zzqx',
];

/** The site's request headers (the API gate refuses state-changing calls without them; GETs carry them too). */
export const SITE_HEADERS = {
  accept: 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  'x-api-key': process.env.PUBLIC_API_KEY ?? 'kirafuda-local-public-key',
};

/**
 * Runs autocannon against `url` and resolves with its result. `paths` (optional) are requested in turn,
 * one per request, round-robin over all connections.
 *
 * @param {{ url: string, paths?: string[], headers?: Record<string, string>, seconds?: number,
 *   connections?: number }} options
 * @returns {Promise<import('autocannon').Result>}
 */
export function load({ url, paths, headers = {}, seconds = 10, connections = 10 }) {
  let next = 0;
  /** @type {import('autocannon').Options} */
  const options = { url, connections, duration: seconds, headers: { ...SITE_HEADERS, ...headers } };
  if (paths?.length) {
    options.requests = [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
      },
    ];
  }
  return autocannon(options);
}

/** The search paths requested, alternating the two locales. */
export function searchPaths() {
  return SEARCH_KEYWORDS.flatMap((keyword) =>
    ['ja', 'en'].map(
      (locale) => `/api/v1/searches/incremental_search?keyword=${encodeURIComponent(keyword)}&locale=${locale}`,
    ),
  );
}

/**
 * Median time of each search path requested alone (5 times each), slowest first: which keywords the
 * query plan handles badly.
 *
 * @param {string} baseUrl
 * @param {string[]} paths
 */
async function timeEachPath(baseUrl, paths) {
  const rows = [];
  for (const path of paths) {
    const times = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const response = await fetch(new URL(path, baseUrl), { headers: SITE_HEADERS });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const query = new URL(path, baseUrl).searchParams;
    rows.push({
      keyword: query.get('keyword'),
      locale: query.get('locale'),
      'median ms': Number(times[2]?.toFixed(1)),
    });
  }
  return rows.sort((a, b) => b['median ms'] - a['median ms']);
}

/** Fails early, with the answer, when the endpoint does not answer a search with 200 and both arrays. */
async function checkEndpoint(baseUrl) {
  const response = await fetch(new URL(searchPaths()[0] ?? '/', baseUrl), { headers: SITE_HEADERS });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.status !== 200 || !Array.isArray(body?.categories) || !Array.isArray(body?.illustrators)) {
    throw new Error(`the search endpoint answered ${response.status}: ${text.slice(0, 300)}`);
  }
}

/**
 * Bench module: seeds, serves, loads, prints.
 *
 * @param {{ baseUrl?: string, seconds?: number }} [context]
 */
export async function run({ seconds = 10 } = {}) {
  // Bundled: src/ imports across folders by alias, which Node alone does not resolve.
  const { createTestDatabase } = await importTs('tests/helpers/db.ts');
  const { seedBulk } = await importTs('src/dev/seed/bulk.ts');
  const database = await createTestDatabase({ url: process.env.BENCH_DATABASE_URL ?? '' });
  let server;
  try {
    console.log(`seeding ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}...`);
    const seeded = await seedBulk(database.db, { cards: 100_000, creators: 10_000 });
    console.log(
      `seeded ${seeded.cards} cards, ${seeded.creators} creators, ${seeded.categories} collections in ${(seeded.ms / 1000).toFixed(1)} s`,
    );
    await database.disconnect();
    server = await startServer({
      root,
      env: { DATABASE_URL: '', DATA_DIR: '', SEED_DEMO: '0', ...database.env },
      timeoutMs: 60_000,
    });
    await checkEndpoint(server.url);
    const paths = searchPaths();
    await load({ url: server.url, paths, seconds: 3 }); // warm-up: JIT, caches, connection pool
    // One connection shows the service time of one search; ten show it under concurrent load.
    const single = await load({ url: server.url, paths, seconds, connections: 1 });
    const result = await load({ url: server.url, paths, seconds, connections: 10 });
    console.log(
      `GET /api/v1/searches/incremental_search, ${SEARCH_KEYWORDS.length} keywords x 2 locales, ${seconds} s each`,
    );
    console.table([summaryRow('1 connection', single), summaryRow('10 connections', result)]);
    console.log('slowest keywords, one request at a time (median of 5):');
    console.table((await timeEachPath(server.url, paths)).slice(0, 8));
    const met = result.latency.p99 < SEARCH_P99_TARGET_MS && result.non2xx === 0 && result.errors === 0;
    console.log(
      `target p99 < ${SEARCH_P99_TARGET_MS} ms at 10 connections with no failures: ${met ? 'met' : 'MISSED'}`,
    );
    return result;
  } finally {
    await server?.stop();
    await database.close();
  }
}

if (import.meta.main) await run();
