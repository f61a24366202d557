/**
 * Cache-miss render times: how long the server takes to render a page nobody asked for yet, on catalogues of
 * 100,000 and 1,000,000 cards (`BENCH_MISS_SIZES=100000,1000000` to change), each seeded fresh (the seed time is
 * printed: it must stay within minutes). One request at a time, each for a page not in the cache (a token page
 * of a random card; `/market` and a filtered `/market` with a parameter that changes nothing but the cache
 * key; most viewed and rarity orders), the largest collection's page (its stats, charts and cards), and page 400
 * of `/market` reached by its cursor; the figure is the server's own render time (`Server-Timing: render;dur=`),
 * p50/p90/p99.
 *
 * Starts servers of its own; the `baseUrl` it is given is not used. Alone: `npm run bench -- misses`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from '../scripts/lib/bundle-ts.mjs';
import { startServer } from '../tests/helpers/server.ts';
import { PAGE_HEADERS } from './pages.mjs';
import { SITE_HEADERS } from './search.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {number[]} values @param {number} p */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
};

/**
 * Render times of `count` misses of `pathOf(i)`.
 *
 * @param {string} baseUrl
 * @param {(i: number) => string} pathOf
 * @param {number} count
 */
async function misses(baseUrl, pathOf, count) {
  /** @type {number[]} */
  const times = [];
  let other = 0;
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(new URL(pathOf(i), baseUrl), { headers: PAGE_HEADERS });
    await response.arrayBuffer();
    const timing = /render;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    if (response.status === 200 && response.headers.get('x-astro-cache') === 'MISS' && timing)
      times.push(Number(timing[1]));
    else other += 1;
  }
  return { times, other };
}

/**
 * The cursor of the newest-first market's page `page` (24 cards a page), found by following the API's `next`.
 *
 * @param {string} baseUrl
 * @param {number} page
 */
async function cursorOfPage(baseUrl, page) {
  let after = '';
  for (let at = 1; at < page; at += 1) {
    const query = after ? `per_page=24&after=${encodeURIComponent(after)}` : 'per_page=24';
    const response = await fetch(new URL(`/api/v1/cards?${query}`, baseUrl), { headers: SITE_HEADERS });
    const body = /** @type {{ next: string | null }} */ (await response.json());
    if (!body.next) throw new Error(`the market has no page ${page}`);
    after = body.next;
  }
  return after;
}

/** Bench module (see the module comment). */
export async function run() {
  const sizes = (process.env.BENCH_MISS_SIZES ?? '100000,1000000').split(',').map(Number);
  const { seedCatalogue } = await importTs('bench/seedCatalogue.ts');
  const rows = [];
  for (const size of sizes) {
    const catalogue = await seedCatalogue(size);
    const server = await startServer({
      root,
      env: { DATABASE_URL: '', DATA_DIR: '', SEED_DEMO: '0', ...catalogue.database.env },
      timeoutMs: 180_000,
    });
    try {
      const kinds = [
        { label: 'token page', count: 300, path: () => `/nfts/${1 + Math.floor(Math.random() * catalogue.maxCardId)}` },
        { label: 'market, first page', count: 100, path: (/** @type {number} */ i) => `/market?bench=${i}` },
        {
          label: 'market listed, price asc',
          count: 100,
          path: (/** @type {number} */ i) => `/market?status=listed&sort=price_asc&bench=${i}`,
        },
        {
          label: 'market, most viewed',
          count: 100,
          path: (/** @type {number} */ i) => `/market?sort=most_viewed&bench=${i}`,
        },
        { label: 'market, rarity', count: 100, path: (/** @type {number} */ i) => `/market?sort=rarity&bench=${i}` },
        {
          label: 'collection page (stats, charts, cards)',
          count: 100,
          path: (/** @type {number} */ i) => `/collection/${catalogue.largestCollectionId}?bench=${i}`,
        },
      ];
      // A deep page (400) reached by the next links' cursor (keyset); by its number it is refused past 1,000 cards.
      const deep = await cursorOfPage(server.url, 400);
      kinds.push({
        label: 'market page 400, by cursor',
        count: 100,
        path: (/** @type {number} */ i) => `/market?page=400&after=${encodeURIComponent(deep)}&bench=${i}`,
      });
      for (const kind of kinds) {
        await misses(server.url, (i) => kind.path(1_000_000 + i), 10);
        const { times, other } = await misses(server.url, kind.path, kind.count);
        rows.push({
          cards: catalogue.cards,
          'seed s': Number(catalogue.seconds.toFixed(0)),
          page: kind.label,
          misses: times.length,
          'render p50 ms': percentile(times, 50),
          'p90 ms': percentile(times, 90),
          'p99 ms': percentile(times, 99),
          'not a miss': other,
        });
      }
    } finally {
      await server.stop();
      await catalogue.database.close();
    }
  }
  console.log('cache-miss render time, one request at a time (Server-Timing render;dur)');
  console.table(rows);
  return rows;
}

if (import.meta.main) await run();
