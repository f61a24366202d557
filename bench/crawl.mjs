/**
 * A crawler's first visit, and what it does to everyone else, on a large catalogue (the demo data plus 100,000 bulk
 * cards, `BENCH_CARDS` to change):
 *
 * 1. The ceilings: a bare `node:http` server sending the same bytes as a token page, and one sending the terms
 *    page's (./bareServer.mjs, each at 32 connections); beside them, the server's own static file (the stylesheet,
 *    precompressed).
 * 2. The crawl (after 5 s of warming on other addresses): 32 connections over distinct token pages (`/nfts/{id}`,
 *    each id once, so every request is a miss): requests/s and their ratio to the bare server sending a token
 *    page (and to the static file), p50/p99, errors,
 *    timeouts and non-2xx (past the render queue the server answers 503 with `Retry-After`: counted there), and
 *    the server's CPU time a miss (from `/proc`). Then the floor of a miss: the same crawl over the simplest page
 *    (`/terms?crawl={n}`: static text in the site's layout, no database query; each address once, so each a
 *    miss), what rendering any page through Astro costs here.
 * 3. Hits during a crawl: the same crawl again with 8 more connections asking the cached home page at the same
 *    time: the hits' p50/p99 beside the crawl's.
 * 4. At rest: a minute (`BENCH_REST_SECONDS`) without a request, 15 s after the last: the server's CPU (every
 *    process of its group, from `/proc`) in % of one core, and on PostgreSQL the database's transactions per
 *    second (`pg_stat_database`).
 *
 * `BENCH_DATABASE_URL=postgres://...` seeds a new database of that server, and `BENCH_PROCESSES=N|auto` then starts
 * N server processes (`SERVER_PROCESSES`). Starts servers of its own; the `baseUrl` it is given is not used.
 * Alone: `npm run bench -- crawl`. Ratios are measured in one run: the machine's absolute figures vary.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { importTs } from '../scripts/lib/bundle-ts.mjs';
import { startServer } from '../tests/helpers/server.ts';
import { startBareServerLike } from './bareServer.mjs';
import { PAGE_HEADERS, staticFilePath } from './pages.mjs';
import { rateColumns } from './resultRow.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 32;
const SECONDS = 15;
/** Clock ticks per second of `/proc/{pid}/stat` (USER_HZ, 100 on Linux). */
const TICKS = 100;

/**
 * CPU seconds used so far by every process of group `group` (the server and, with several, its workers).
 *
 * @param {number} group
 */
function groupCpuSeconds(group) {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state is field 3, pgrp 5, utime 14, stime 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / TICKS;
}

/**
 * Transactions committed and rolled back so far in the database of `url`, or null without one.
 *
 * @param {string | undefined} url
 */
async function transactions(url) {
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * autocannon over distinct token pages (or the addresses `path` makes), from card id `first` on (each id once).
 *
 * @param {string} baseUrl
 * @param {{ first: number, last: number, seconds: number, path?: (id: number) => string }} range
 */
function crawl(baseUrl, { first, last, seconds, path = (id) => `/nfts/${id}` }) {
  let next = first;
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: PAGE_HEADERS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const id = next > last ? first + Math.floor(Math.random() * (last - first)) : next;
          next += 1;
          return { ...request, path: path(id) };
        },
      },
    ],
  });
}

/**
 * A run's row: its rate, its ratio to the bare server sending the same page's bytes (`bare`, when there is one)
 * and to the static file.
 *
 * @param {import('autocannon').Result} result @param {number | null} bare @param {number} staticFile
 */
const row = (result, bare, staticFile) => {
  const { 'req/s': rate, ...rest } = rateColumns(result);
  const of = (ceiling) => Number((result.requests.average / ceiling).toFixed(3));
  return { 'req/s': rate, 'of bare server': bare ? of(bare) : '—', 'of static file': of(staticFile), ...rest };
};

/**
 * Requests a second of a bare `node:http` server sending the bytes `url` answers (./bareServer.mjs).
 *
 * @param {string} url
 */
async function bareRate(url) {
  const bare = await startBareServerLike(url, PAGE_HEADERS);
  try {
    await autocannon({ url: bare.url, connections: CONNECTIONS, duration: 2, headers: PAGE_HEADERS });
    const result = await autocannon({ url: bare.url, connections: CONNECTIONS, duration: 8, headers: PAGE_HEADERS });
    return { rate: result.requests.average || 1, bytes: bare.bytes };
  } finally {
    bare.stop();
  }
}

/** Bench module (see the module comment). */
export async function run() {
  const size = Number(process.env.BENCH_CARDS ?? 100_000);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const processes = databaseUrl ? (process.env.BENCH_PROCESSES ?? '1') : '1';
  const { seedCatalogue } = await importTs('bench/seedCatalogue.ts');
  const catalogue = await seedCatalogue(size);
  console.log(`seeded ${catalogue.cards} cards in ${catalogue.seconds.toFixed(1)} s`);
  const server = await startServer({
    root,
    env: {
      DATA_DIR: '',
      SEED_DEMO: '0',
      ...catalogue.database.env,
      DATABASE_URL: catalogue.database.env.DATABASE_URL ?? '',
      SERVER_PROCESSES: processes,
    },
    timeoutMs: 180_000,
  });
  try {
    const file = new URL(staticFilePath(), server.url).href;
    await autocannon({ url: file, connections: CONNECTIONS, duration: 2, headers: PAGE_HEADERS });
    const static_ = await autocannon({ url: file, connections: CONNECTIONS, duration: 8, headers: PAGE_HEADERS });
    const ceiling = static_.requests.average || 1;
    // The bare server's ceilings: a token page's bytes (a card the crawls do not ask) and the terms page's.
    const bareToken = await bareRate(new URL(`/nfts/${catalogue.maxCardId}`, server.url).href);
    const bareTerms = await bareRate(new URL('/terms', server.url).href);
    const third = Math.floor(catalogue.maxCardId / 3);
    // Warm first, over cards the runs below do not ask (the test helper's server loads modules as pages need
    // them, and V8 compiles as code gets hot): the runs measure a server that has been serving a while.
    await crawl(server.url, { first: 2 * third + 1, last: catalogue.maxCardId, seconds: 3 });
    await crawl(server.url, { first: 1e9, last: 2e9, seconds: 2, path: (id) => `/terms?crawl=${id}` });
    const cpuBeforeCrawl = groupCpuSeconds(server.pid);
    const alone = await crawl(server.url, { first: 1, last: third, seconds: SECONDS });
    const missCpuMs = ((groupCpuSeconds(server.pid) - cpuBeforeCrawl) * 1_000) / Math.max(1, alone.requests.total);
    const cpuBeforeFloor = groupCpuSeconds(server.pid);
    const floor = await crawl(server.url, {
      first: 1,
      last: 1e8,
      seconds: SECONDS,
      path: (id) => `/terms?crawl=${id}`,
    });
    const floorCpuMs = ((groupCpuSeconds(server.pid) - cpuBeforeFloor) * 1_000) / Math.max(1, floor.requests.total);
    // The home page cached, then asked by 8 connections while a second crawl (other cards) runs.
    for (let i = 0; i < 2; i += 1) await (await fetch(server.url, { headers: PAGE_HEADERS })).arrayBuffer();
    const [during, hits] = await Promise.all([
      crawl(server.url, { first: third + 1, last: 2 * third, seconds: SECONDS }),
      autocannon({ url: server.url, connections: 8, duration: SECONDS, timeout: 10, headers: PAGE_HEADERS }),
    ]);
    console.log(
      `\n${catalogue.cards} cards, ${databaseUrl ? `PostgreSQL, ${processes} server process(es)` : 'embedded database'}; ${CONNECTIONS} connections, ${SECONDS} s per run`,
    );
    console.table([
      { run: `bare server, a token page's ${bareToken.bytes} B`, 'req/s': Math.round(bareToken.rate) },
      { run: `bare server, the terms page's ${bareTerms.bytes} B`, 'req/s': Math.round(bareTerms.rate) },
      { run: 'static file', ...row(static_, null, ceiling) },
      { run: 'crawl of distinct token pages (all misses)', ...row(alone, bareToken.rate, ceiling) },
      { run: 'floor: crawl of the terms page (all misses)', ...row(floor, bareTerms.rate, ceiling) },
      { run: 'the crawl again, hits beside it', ...row(during, bareToken.rate, ceiling) },
      { run: 'cached home page during that crawl (8 conn.)', ...row(hits, null, ceiling) },
    ]);
    console.log(
      `CPU a miss in the crawl alone: ${missCpuMs.toFixed(1)} ms, in the floor's: ${floorCpuMs.toFixed(1)} ms (every server process; the embedded database's thread included, PostgreSQL's own processes not)`,
    );

    // At rest: let the last requests settle (PostgreSQL counts a backend's transactions when it flushes its
    // statistics, up to 10 s after it went idle), then a minute without a request.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const [cpuBefore, txBefore] = [
      groupCpuSeconds(server.pid),
      await transactions(catalogue.database.env.DATABASE_URL),
    ];
    const restSeconds = Number(process.env.BENCH_REST_SECONDS ?? 60);
    await new Promise((resolve) => setTimeout(resolve, restSeconds * 1_000));
    const [cpuAfter, txAfter] = [groupCpuSeconds(server.pid), await transactions(catalogue.database.env.DATABASE_URL)];
    console.log(`\nat rest for ${restSeconds} s (INDEXER=off: no chain here; the server's own jobs only)`);
    console.table([
      {
        'CPU % of a core': Number((((cpuAfter - cpuBefore) / restSeconds) * 100).toFixed(2)),
        // The reading's own connection is one transaction or two of these.
        'database tx/s':
          txBefore === null || txAfter === null
            ? 'n/a (embedded)'
            : Number(((txAfter - txBefore) / restSeconds).toFixed(2)),
      },
    ]);
    return { static: static_, alone, floor, during, hits, missCpuMs, floorCpuMs };
  } finally {
    await server.stop();
    await catalogue.database.close();
  }
}

if (import.meta.main) await run();
