// @ts-check
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** File types worth compressing (text); images and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.map',
  '.webmanifest',
  '.md',
]);

/** Files smaller than this are not worth it. */
const MIN_BYTES = 512;

/**
 * Writes `file.br` (Brotli, best quality) and `file.gz` (gzip -9) beside every compressible file under
 * `folder` whose twin is missing or older, and answers how many files got twins. Run once per build.
 * @param {string} folder
 * @returns {Promise<number>}
 */
export async function precompressFolder(folder) {
  let written = 0;
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE_EXTENSIONS.has(extname(entry.name))) continue;
    const file = join(entry.parentPath, entry.name);
    const info = await stat(file);
    if (info.size < MIN_BYTES) continue;
    const body = await readFile(file);
    await writeFile(
      `${file}.br`,
      await brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    await writeFile(`${file}.gz`, await gzipAsync(body, { level: 9 }));
    written += 1;
  }
  return written;
}
