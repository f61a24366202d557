/**
 * Indexer throughput: Transfer events indexed per second from anvil. Mints 10,000 cards on a fresh anvil
 * (100 `mintSerials` transactions of 100 serials, to 19 owners), then runs the indexer's `syncChain` over
 * those blocks three times, each on an empty catalogue (one collection known), and prints events per
 * second (median of the runs). Each Transfer adds a card row with its owner, as for a mint made outside
 * the site. The database is a fresh PGlite folder, or a fresh database created (and dropped) on the
 * PostgreSQL server of `BENCH_DATABASE_URL=postgres://...`.
 *
 * Needs no server, so the `baseUrl` it is given is not used. Alone: `node bench/indexer.mjs`.
 *
 * @see docs/architecture.md "Tests" (benchmarks are not tests)
 * @see ../src/features/indexer/indexChain.server.ts
 */
import { fileURLToPath } from 'node:url';
import { importTs } from '../scripts/lib/bundle-ts.mjs';

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Bench module.
 *
 * @param {{ baseUrl?: string, tokens?: number, runs?: number }} [context]
 */
export async function run({ tokens = 10_000, runs = 3 } = {}) {
  const { benchIndexer } = await importTs('bench/indexer-bench.ts');
  const result = await benchIndexer({
    tokens,
    perTransaction: 100,
    runs,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    log: (line) => console.log(line),
  });
  const rates = result.runs.map((r) => r.transfers / r.seconds);
  const [first] = result.runs;
  console.table(
    result.runs.map((r, index) => ({
      run: index + 1,
      transfers: r.transfers,
      events: r.events,
      ranges: r.ranges,
      seconds: Number(r.seconds.toFixed(2)),
      'transfers/s': Math.round(r.transfers / r.seconds),
    })),
  );
  console.log(
    `indexer throughput: ${Math.round(median(rates))} Transfer events/s (median of ${rates.length}; ` +
      `${first?.transfers ?? 0} transfers in ${result.blocks} blocks, ` +
      `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, node ${process.version})`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
