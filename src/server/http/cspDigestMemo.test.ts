import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cspDigestMemo, LIMIT, memoizeCspDigest } from './cspDigestMemo.mjs';

const require = createRequire(import.meta.url);
/** Astro's encryption module as installed (the file the plugin changes in the build). */
const encryptionPath = join(dirname(require.resolve('astro/package.json')), 'dist', 'core', 'encryption.js');

type Digest = (data: string, algorithm: string) => Promise<string>;

/** Astro's module, changed by the plugin, loaded from a temporary copy whose imports point at the real files. */
async function memoizedModule(): Promise<{ generateCspDigest: Digest; folder: string }> {
  const source = memoizeCspDigest(await readFile(encryptionPath, 'utf8'))
    .replace('"./csp/config.js"', JSON.stringify(pathToFileURL(join(dirname(encryptionPath), 'csp', 'config.js')).href))
    .replace('"@oslojs/encoding"', JSON.stringify(pathToFileURL(require.resolve('@oslojs/encoding')).href));
  const folder = await mkdtemp(join(process.cwd(), 'node_modules', '.csp-memo-'));
  const file = join(folder, 'encryption.mjs');
  await writeFile(file, source);
  return { ...((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { generateCspDigest: Digest }), folder };
}

let folder = '';
afterEach(async () => {
  vi.restoreAllMocks();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the CSP digest memo', () => {
  test("hashes a text once, answers Astro's digest, and keeps a bounded number of texts", async () => {
    const loaded = await memoizedModule();
    folder = loaded.folder;
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest');
    const script = 'console.log("kirafuda")';
    const expected = `sha256-${createHash('sha256').update(script).digest('base64')}`;
    expect(await loaded.generateCspDigest(script, 'SHA-256')).toBe(expected);
    expect(await loaded.generateCspDigest(script, 'SHA-256')).toBe(expected);
    expect(digest).toHaveBeenCalledTimes(1);
    expect(await loaded.generateCspDigest(script, 'SHA-512')).toMatch(/^sha512-/);
    expect(digest).toHaveBeenCalledTimes(2);
    // Past the limit a text is hashed every time again (never kept), earlier ones stay answered from memory.
    for (let i = 0; i < LIMIT + 10; i += 1) await loaded.generateCspDigest(`s${i}`, 'SHA-256');
    const calls = digest.mock.calls.length;
    await loaded.generateCspDigest(`s${LIMIT + 5}`, 'SHA-256');
    expect(digest.mock.calls.length).toBe(calls + 1);
    await loaded.generateCspDigest(script, 'SHA-256');
    expect(digest.mock.calls.length).toBe(calls + 1);
  });

  test('the plugin changes only that module, and a build fails loudly when Astro renamed the function', () => {
    const plugin = cspDigestMemo() as { transform: (code: string, id: string) => string | null };
    expect(plugin.transform('export const x = 1;', '/app/src/pages/index.astro')).toBeNull();
    expect(() => plugin.transform('export {}', '/app/node_modules/astro/dist/core/encryption.js')).toThrow(
      /generateCspDigest not found/,
    );
  });
});
