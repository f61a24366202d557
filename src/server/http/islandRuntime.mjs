// @ts-check
/**
 * Astro's island runtime (the `astro-island` element that hydrates islands, ~5.1 KB) as one external script the
 * browser keeps, instead of inline in every page that has an island. Astro 7 always writes it inline
 * (`getPrescripts` in `astro/dist/runtime/server/scripts.js`, intended upstream): 5.1 KB of each page's HTML, sent,
 * compressed and parsed again on every page. At build, {@link islandRuntime} writes the runtime as
 * `_astro/island-runtime.{hash}.js` (a name from its content, served with the other built files: immutable,
 * precompressed) and the page writes `<script src=… defer>` in its place. The directives' own small scripts
 * (`client:interaction`, `client:load`, …) stay inline: each defines its directive at once, and the runtime,
 * run once the page is parsed, finds them defined. Development keeps Astro's inline script.
 *
 * The build fails when the line is not found (a newer Astro): the plugin is then to be checked, or dropped.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';

/**
 * Where Astro writes the runtime inline (in `getPrescripts`): its source text, placeholders and all (in pieces: this
 * module reads no environment; Astro's line does).
 */
const INLINE = [
  '<script>$',
  '{process',
  '.env.NODE_ENV === "development" ? islandScriptDev : islandScript}</script>',
].join('');

/** The runtime's file under the client folder, named by its content. */
export const ISLAND_RUNTIME_FILE = `_astro/island-runtime.${createHash('sha256').update(islandScript).digest('base64url').slice(0, 10)}.js`;

/**
 * `source` (Astro's `scripts.js`) writing a script element that loads the runtime's file where it wrote the runtime.
 *
 * @param {string} source
 * @returns {string}
 */
export function externalIslandRuntime(source) {
  if (!source.includes(INLINE))
    throw new Error('the inline island runtime was not found in astro/dist/runtime/server/scripts.js');
  return source.replace(INLINE, `<script src="/${ISLAND_RUNTIME_FILE}" defer></script>`);
}

/**
 * Writes the runtime's file into the built client folder `clientDir` (before its files are precompressed).
 *
 * @param {string} clientDir
 */
export async function writeIslandRuntime(clientDir) {
  const file = join(clientDir, ISLAND_RUNTIME_FILE);
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, islandScript);
}

/**
 * The Vite plugin of the build (see the module comment).
 *
 * @returns {import('vite').Plugin}
 */
export function islandRuntime() {
  return {
    name: 'kirafuda:island-runtime',
    apply: 'build',
    transform(code, id) {
      return /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]scripts\.js$/.test(id)
        ? externalIslandRuntime(code)
        : null;
    },
  };
}
