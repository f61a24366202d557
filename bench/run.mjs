/**
 * `npm run bench`: builds the site if `dist/` is missing, starts the production server once on a free
 * loopback port with the demo catalogue, runs each benchmark module against it and exits.
 *
 * A benchmark module is a `bench/*.mjs` file exporting `run({ baseUrl })`; add it to MODULES below.
 * `npm run bench -- js-size` runs only the named modules.
 *
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from '../scripts/lib/bundle-ts.mjs';
import { startServer } from '../tests/helpers/server.ts';

/** Benchmark modules in the order they run: name -> path relative to this file. */
const MODULES = {
  'js-size': './js-size.mjs',
  search: './search.mjs',
  'current-user': './current-user.mjs',
  indexer: './indexer.mjs',
  pages: './pages.mjs',
  misses: './misses.mjs',
  sorts: './sorts.mjs',
  crawl: './crawl.mjs',
  lighthouse: './lighthouse.mjs',
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in MODULES));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(MODULES).join(', ')}`);
  process.exit(2);
}

if (!existsSync(join(root, 'dist', 'server', 'entry.mjs'))) {
  console.log('dist/ is missing: building first (astro build)');
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The shared server holds the demo catalogue (benchmarks that need more seed their own).
const { seedCatalogue } = await importTs('bench/seedCatalogue.ts');
const catalogue = await seedCatalogue(0);
const server = await startServer({
  root,
  env: { DATABASE_URL: '', DATA_DIR: '', SEED_DEMO: '0', ...catalogue.database.env },
});
let failed = false;
try {
  console.log(`server: ${server.url} (node ${process.version}, ${new Date().toISOString()})`);
  for (const [name, path] of Object.entries(MODULES)) {
    if (wanted.length && !wanted.includes(name)) continue;
    console.log(`\n== ${name} ==`);
    try {
      const module = await import(path);
      await module.run({ baseUrl: server.url });
    } catch (error) {
      failed = true;
      console.error(`${name} failed:`, error);
    }
  }
} finally {
  await server.stop();
  await catalogue.database.close();
}
process.exit(failed ? 1 : 0);
