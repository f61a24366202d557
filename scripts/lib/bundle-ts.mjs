/**
 * Loads a TypeScript module of `src/` from a plain Node script (`npm start`, `npm run indexer`, benchmarks):
 * bundles it with esbuild (Astro's own dependency) into `node_modules/.cache/kirafuda/`, keeping packages
 * external (they load from node_modules as usual) except JSON files, which Node would not import without
 * import attributes. Source files import each other without extensions, which Node's type stripping does
 * not resolve; the bundle does. Takes about a tenth of a second.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Bundles `entry` (a path relative to the project root) and imports it.
 * @param {string} entry
 * @returns {Promise<any>}
 */
export async function importTs(entry) {
  const outDir = join(root, 'node_modules', '.cache', 'kirafuda');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${entry.replace(/[^A-Za-z0-9]+/g, '_')}.${process.pid}.mjs`);
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-external',
        setup(plugin) {
          // Bare imports stay external, except JSON artifacts (Node needs import attributes for those).
          plugin.onResolve({ filter: /^[^./~]/ }, (args) =>
            args.path.endsWith('.json') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    const { rmSync } = await import('node:fs');
    rmSync(outfile, { force: true });
  }
}
