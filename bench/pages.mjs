/**
 * Throughput of the public pages rendered on demand, on a large catalogue: a fresh PGlite database seeded
 * with `seedDemo` and then `seedBulk` (100,000 cards, 10,000 creators, 20,000 collections), `VACUUM
 * ANALYZE`d, the built server started on it, then autocannon (10 connections, 2 s warm-up, 8 s measured)
 * against a token page, `/market`, a filtered and sorted `/market`, and, as the ceiling, a static file
 * served by the same server. The project prerenders no HTML page, so the ceiling is the largest text
 * asset (SVG/XML/HTML) in `dist/client` outside `_astro/`. Requests carry no cookie (an anonymous visitor).
 *
 * Prints p50, p99 and requests/s per target, each page's requests/s as a share of the ceiling, and
 * whether each answer carries the public page cache policy ({@link PUBLIC_PAGE_CACHE}).
 *
 * Starts a server of its own, so the `baseUrl` it is given is not used. `BENCH_DATABASE_URL=postgres://...`
 * runs it on a fresh database of that PostgreSQL server instead. Alone: `node bench/pages.mjs`.
 *
 * @see /work/shared/TESTING.md "Benchmarks are not tests"
 * @see /work/shared/spec/marketplace-spec.md §2 (/market, /tokens/{chain_id?}/{contract?}/{token_id?})
 */
import { readdir, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { seedBulk } from '../src/server/seed/bulk.ts';
import { seedDemo } from '../src/server/seed/demo.ts';
import { createTestDatabase } from '../tests/helpers/db.ts';
import { startServer } from '../tests/helpers/server.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `PUBLIC_PAGE_CACHE` of src/features/cards/pageCache.server.ts, copied: that module imports without file
 * extensions, which plain Node cannot load.
 */
export const PUBLIC_PAGE_CACHE = 'public, s-maxage=30, stale-while-revalidate=60';

/** What a browser without cookies sends for a page. */
export const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': 'ja' };

/**
 * Path of a visible card's token page, one with an active listing when there is one (the fuller page).
 *
 * @param {import('../src/server/db/types.ts').Database} db
 * @returns {Promise<string>}
 */
export async function tokenPagePath(db) {
  const { rows } = await db.execute(sql`
    select c.chain_id, c.contract_address, c.token_id::text as token_id
    from cards c
    left join categories k on k.id = c.category_id
    left join sell_orders o on o.card_id = c.id and o.status = 'active'
    where not c.hidden and not coalesce(k.hidden, false)
    order by (o.id is null), c.id
    limit 1`);
  const card = rows[0];
  if (!card) throw new Error('no visible card in the database');
  return `/tokens/${card.chain_id}/${card.contract_address}/${card.token_id}`;
}

/**
 * The largest text asset (SVG, XML, HTML) of `dist/client`, outside `_astro/`: the ceiling target.
 *
 * @returns {Promise<{ path: string, bytes: number }>}
 */
export async function largestStaticTextFile() {
  const client = join(root, 'dist', 'client');
  let best = { path: '/favicon.svg', bytes: 0 };
  for (const name of await readdir(client, { recursive: true })) {
    if (name.startsWith('_astro') || !['.svg', '.xml', '.html', '.txt'].includes(extname(name))) continue;
    const file = await stat(join(client, name));
    if (file.isFile() && file.size > best.bytes) best = { path: `/${name}`, bytes: file.size };
  }
  return best;
}

/**
 * One anonymous GET: status, body size and the caching and cookie headers of the answer.
 *
 * @param {string} baseUrl
 * @param {string} path
 */
async function probe(baseUrl, path) {
  const response = await fetch(new URL(path, baseUrl), { headers: PAGE_HEADERS, redirect: 'manual' });
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    bytes: body.byteLength,
    cacheControl: response.headers.get('cache-control') ?? '(none)',
    setsCookie: response.headers.getSetCookie().length > 0,
  };
}

/**
 * autocannon over `connections` connections for `seconds` s on one URL, without cookies.
 *
 * @param {string} url
 * @param {number} seconds
 * @param {number} [connections]
 * @returns {Promise<import('autocannon').Result>}
 */
function hammer(url, seconds, connections = 10) {
  return autocannon({ url, connections, duration: seconds, headers: PAGE_HEADERS });
}

/**
 * Bench module: seeds, serves, loads each target, prints.
 *
 * @param {{ baseUrl?: string, seconds?: number, warmUpSeconds?: number }} [context]
 */
export async function run({ seconds = 8, warmUpSeconds = 2 } = {}) {
  const database = await createTestDatabase({ url: process.env.BENCH_DATABASE_URL ?? '' });
  let server;
  try {
    console.log(`seeding ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (demo + bulk)...`);
    await seedDemo(database.db);
    const seeded = await seedBulk(database.db, { cards: 100_000, creators: 10_000 });
    await database.db.execute(sql.raw('VACUUM ANALYZE'));
    console.log(`bulk: ${seeded.cards} cards, ${seeded.creators} creators, ${seeded.categories} collections`);
    const token = await tokenPagePath(database.db);
    await database.disconnect();
    server = await startServer({
      root,
      env: { DATABASE_URL: '', DATA_DIR: '', SEED_DEMO: '0', ...database.env },
      timeoutMs: 60_000,
    });
    const ceiling = await largestStaticTextFile();
    const targets = [
      { label: 'token page', path: token },
      { label: 'market', path: '/market' },
      { label: 'market listed, price asc, currency 2', path: '/market?status=listed&sort=price_asc&currency_code=2' },
      { label: `static ceiling (${ceiling.bytes} B file)`, path: ceiling.path },
    ];
    const rows = [];
    for (const target of targets) {
      const first = await probe(server.url, target.path);
      if (first.status !== 200) {
        throw new Error(`${target.path} answered ${first.status}; server stderr:\n${server.stderr().slice(-2_000)}`);
      }
      const url = new URL(target.path, server.url).href;
      await hammer(url, warmUpSeconds);
      const result = await hammer(url, seconds);
      const again = await probe(server.url, target.path);
      rows.push({ target, first, again, result });
    }
    const ceilingRate = rows.at(-1)?.result.requests.average || 1;
    console.log(`\n10 connections, ${warmUpSeconds} s warm-up then ${seconds} s per target, no cookies`);
    console.log(`ceiling: ${ceiling.path}, the largest SVG/XML/HTML of dist/client (no prerendered page exists)`);
    console.table(
      rows.map(({ target, first, result }) => ({
        target: target.label,
        'body KB': Number((first.bytes / 1024).toFixed(1)),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'req/s': Math.round(result.requests.average),
        'of ceiling': Number((result.requests.average / ceilingRate).toFixed(3)),
        'non-2xx': result.non2xx,
        errors: result.errors + result.timeouts,
      })),
    );
    console.log('paths:');
    for (const { target } of rows) console.log(`  ${target.label}: ${target.path}`);
    console.log(`cache headers of anonymous answers (public policy = "${PUBLIC_PAGE_CACHE}"):`);
    console.table(
      rows.map(({ target, first, again }) => ({
        target: target.label,
        'cache-control': first.cacheControl,
        public: first.cacheControl === PUBLIC_PAGE_CACHE ? 'yes' : 'no',
        'same after load': again.cacheControl === first.cacheControl ? 'yes' : `no: ${again.cacheControl}`,
        'set-cookie': first.setsCookie ? 'YES' : 'no',
      })),
    );
    return rows;
  } finally {
    await server?.stop();
    await database.close();
  }
}

if (import.meta.main) await run();
