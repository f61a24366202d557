// @ts-check
/**
 * A Vite plugin that makes Astro hash each of a page's inline scripts and styles for its Content-Security-Policy
 * once per process, not on every render. Astro 7 (`astro/dist/core/encryption.js`, `generateCspDigest`) hashed the
 * route's inline scripts and styles again for every page it rendered, each a Web Crypto job on libuv's thread
 * pool: 2.8 % of the server's main thread in a crawl of token pages (a CPU profile, `npm run bench -- crawl`).
 * The texts are the build's, so their hashes never change; a process keeps at most {@link LIMIT} of them.
 *
 * The build fails when the function is not found (a newer Astro): the plugin is then to be checked, or dropped.
 */

/** The function's first line in Astro's source. */
const SIGNATURE = 'async function generateCspDigest(data, algorithm) {';
/** How many (text, algorithm) digests a process keeps at most. */
export const LIMIT = 512;

/**
 * `source` (Astro's encryption module) with `generateCspDigest` answering a text it hashed before from memory.
 *
 * @param {string} source
 * @returns {string}
 */
export function memoizeCspDigest(source) {
  if (!source.includes(SIGNATURE)) throw new Error('generateCspDigest not found in astro/dist/core/encryption.js');
  return source.replace(
    SIGNATURE,
    [
      'const cspDigests = new Map();',
      'function generateCspDigest(data, algorithm) {',
      "  const key = algorithm + '\\0' + data;",
      '  let digest = cspDigests.get(key);',
      '  if (digest === undefined) {',
      '    digest = hashForCsp(data, algorithm);',
      `    if (cspDigests.size < ${LIMIT}) cspDigests.set(key, digest);`,
      '  }',
      '  return digest;',
      '}',
      'async function hashForCsp(data, algorithm) {',
    ].join('\n'),
  );
}

/** @returns {import('vite').Plugin} */
export function cspDigestMemo() {
  return {
    name: 'kirafuda:csp-digest-memo',
    transform(code, id) {
      return /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/.test(id) ? memoizeCspDigest(code) : null;
    },
  };
}
