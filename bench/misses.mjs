/**
 * Cache-miss render times: how long the server takes to render a page nobody asked for yet, on catalogues of
 * 100,000 and 1,000,000 cards (`BENCH_MISS_SIZES=100000,1000000` to change), each seeded fresh (the seed time is
 * printed: it must stay within minutes). One request at a time, each for a page not in the cache (a token page
 * of a random card; `/market` and a filtered `/market` with a parameter that changes nothing but the cache
 * key); the figure is the server's own render time (`Server-Timing: render;dur=`), p50/p90/p99.
 *
 * Starts servers of its own; the `baseUrl` it is given is not used. Alone: `npm run bench -- misses`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from '../scripts/lib/bundle-ts.mjs';
import { startServer } from '../tests/helpers/server.ts';
import { PAGE_HEADERS } from './pages.mjs';

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
      ];
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
