/**
 * Every sort and filter of the card lists on a large catalogue: render times of pages nobody asked for yet, on
 * 1,000,000 cards (`BENCH_SORT_SIZES=100000,1000000` to change) with one card in ten listed by its owner
 * (`BENCH_LISTED_EVERY`; in its chain's coin or ATEM, a few declining prices and timed auctions), each seeded fresh.
 *
 * For each list page kind (the market, a chain's and a collection's cards, a creator's, an owner's, search
 * results, the collection and creator lists, the home page) and each order and filter, `BENCH_SORT_MISSES` (default 20) requests one at a time, each for a URL not
 * in the cache (a parameter that changes nothing but the cache key); the figure is the server's own render time
 * (`Server-Timing: render;dur=`) where the page is cached, else the time to the last byte. A page number past the
 * offset limit is timed too. Rows over the budget (50 ms at p99) are marked.
 *
 * Starts servers of its own; the `baseUrl` it is given is not used. Alone: `npm run bench -- sorts`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from '../scripts/lib/bundle-ts.mjs';
import { startServer } from '../tests/helpers/server.ts';
import { PAGE_HEADERS } from './pages.mjs';
import { SITE_HEADERS } from './search.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The budget of requirement 3 of issue 40: p99 render under 50 ms. */
const BUDGET_MS = 50;

/** @param {number[]} values @param {number} p */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
};

/**
 * Times `count` requests of `pathOf(i)`, one at a time.
 *
 * @param {string} baseUrl
 * @param {(i: number) => string} pathOf
 * @param {number} count
 */
async function timeRequests(baseUrl, pathOf, count) {
  /** @type {number[]} */
  const times = [];
  /** @type {Set<number>} */
  const statuses = new Set();
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(new URL(pathOf(i), baseUrl), { headers: PAGE_HEADERS, redirect: 'manual' });
    await response.arrayBuffer();
    const wall = performance.now() - started;
    statuses.add(response.status);
    const timing = /render;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    times.push(timing && response.headers.get('x-astro-cache') === 'MISS' ? Number(timing[1]) : wall);
  }
  return { times, statuses: [...statuses].join(',') };
}

/**
 * A card of the catalogue's largest collection, with its creator and owner, from the API.
 *
 * @param {string} baseUrl
 * @param {number} collectionId
 */
async function sampleCard(baseUrl, collectionId) {
  const response = await fetch(new URL(`/api/v1/cards?per_page=1&category_id=${collectionId}`, baseUrl), {
    headers: SITE_HEADERS,
  });
  const body = /** @type {{ items: { owner: string; creator: { walletAddress: string } | null }[] }} */ (
    await response.json()
  );
  const card = body.items[0];
  if (!card?.creator) throw new Error('the largest collection has no card with a creator');
  return { creator: card.creator.walletAddress, owner: card.owner };
}

/** Bench module (see the module comment). */
export async function run() {
  const sizes = (process.env.BENCH_SORT_SIZES ?? '1000000').split(',').map(Number);
  const listedEvery = Number(process.env.BENCH_LISTED_EVERY ?? 10);
  const count = Number(process.env.BENCH_SORT_MISSES ?? 20);
  const only = process.env.BENCH_SORT_ONLY ? new RegExp(process.env.BENCH_SORT_ONLY) : null;
  const { seedCatalogue } = await importTs('bench/seedCatalogue.ts');
  const rows = [];
  for (const size of sizes) {
    const catalogue = await seedCatalogue(size, { listedEvery });
    console.log(`${catalogue.cards} cards, ${catalogue.listings} listed, seeded in ${catalogue.seconds.toFixed(0)} s`);
    const server = await startServer({
      root,
      env: { DATABASE_URL: '', DATA_DIR: '', SEED_DEMO: '0', ...catalogue.database.env },
      timeoutMs: 300_000,
    });
    try {
      const { creator, owner } = await sampleCard(server.url, catalogue.largestCollectionId);
      const sorts = ['newest', 'price_asc', 'price_desc', 'most_viewed'];
      /** @type {[string, string][]} list page kind, its path with a query (no `?` yet when it has none) */
      const lists = [
        ['market', '/market?'],
        ['market, listed', '/market?status=listed&'],
        ['market, Polygon', '/market?chain_id=137&'],
        ['market, in ETH', '/market?currency_code=2&'],
        ['market, ETH 0.1-1', '/market?currency_code=2&price_min=0.1&price_max=1&'],
        ['market, ¥1,000-¥50,000', '/market?jpy_min=1000&jpy_max=50000&'],
        ['market, auctions', '/market?sale_type=auction&'],
        ['market, largest collection', `/market?category_id=${catalogue.largestCollectionId}&`],
        ['collection page', `/collection/${catalogue.largestCollectionId}?`],
        ['creator page', `/creator/${creator}?`],
        ['owner page', `/user/${owner}?`],
        ['chain page', '/tokens/137?'],
        ['search "dragon"', '/search/dragon?'],
        ['browse NFTs', '/browse-category?tab=NFTs&'],
      ];
      /** @type {{ label: string; path: (i: number) => string }[]} */
      const cases = lists.flatMap(([label, path]) =>
        sorts.map((sort) => ({
          label: `${label}, ${sort}`,
          path: (/** @type {number} */ i) => `${path}sort=${sort}&bench=${i}`,
        })),
      );
      // The collection and creator lists, each order; keyword searches, short ones (no trigram holds them)
      // included; the home page (its rows of new, viewed and each chain's listed cards, collections, creators).
      /** @type {[string, string][]} */
      const others = [
        ['collections, newest', '/browse-category?sort=newest&'],
        ['collections, most sold', '/browse-category?sort=volume&'],
        ['collections, Polygon, most sold', '/browse-category?chain_id=137&sort=volume&'],
        ['creators, newest', '/creator?sort=newest&'],
        ['creators, by name', '/creator?sort=name&'],
        ['creators, most sold', '/creator?sort=volume&'],
        ['search "sato"', '/search/sato?'],
        ['search "竜" (1 character)', `/search/${encodeURIComponent('竜')}?`],
        ['search "佐藤" (2 characters)', `/search/${encodeURIComponent('佐藤')}?`],
        ['home page', '/?'],
      ];
      for (const [label, path] of others) cases.push({ label, path: (i) => `${path}bench=${i}` });
      cases.push({
        label: 'collection page, rarity',
        path: (i) => `/collection/${catalogue.largestCollectionId}?sort=rarity&bench=${i}`,
      });
      cases.push({ label: 'market, page past the offset limit', path: (i) => `/market?sort=price_asc&page=${60 + i}` });
      for (const one of cases) {
        if (only && !only.test(one.label)) continue;
        await timeRequests(server.url, (i) => one.path(1_000_000 + i), 3);
        const { times, statuses } = await timeRequests(server.url, one.path, count);
        const p99 = percentile(times, 99);
        rows.push({
          cards: catalogue.cards,
          page: one.label,
          status: statuses,
          'p50 ms': Number(percentile(times, 50).toFixed(1)),
          'p99 ms': Number(p99.toFixed(1)),
          over: p99 > BUDGET_MS ? 'OVER' : '',
        });
      }
    } finally {
      await server.stop();
      await catalogue.database.close();
    }
  }
  console.log(`list pages, one request at a time (render time of a miss; budget p99 < ${BUDGET_MS} ms)`);
  console.table(rows);
  return rows;
}

if (import.meta.main) await run();
