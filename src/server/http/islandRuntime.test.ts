import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { describe, expect, test } from 'vitest';
import { externalIslandRuntime, ISLAND_RUNTIME_FILE, islandRuntime, writeIslandRuntime } from './islandRuntime.mjs';

const require = createRequire(import.meta.url);
/** Astro's module that writes the runtime into pages, as installed (the file the plugin changes in the build). */
const scriptsPath = join(dirname(require.resolve('astro/package.json')), 'dist', 'runtime', 'server', 'scripts.js');

describe("Astro's island runtime as a file", () => {
  test('pages load the file where Astro wrote the runtime inline; the directives stay inline', async () => {
    const changed = externalIslandRuntime(await readFile(scriptsPath, 'utf8'));
    expect(changed).toContain(`<script src="/${ISLAND_RUNTIME_FILE}" defer></script>`);
    expect(changed).not.toMatch(/<script>\$\{process\.env\.NODE_ENV === "development" \? islandScriptDev/);
    expect(changed).toContain(['<script>$', '{getDirectiveScriptText(result, directive)}</script>'].join(''));
  });

  test("the file holds Astro's runtime, under a name its content gives", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'kirafuda-island-runtime-'));
    try {
      await writeIslandRuntime(folder);
      const written = await readFile(join(folder, ISLAND_RUNTIME_FILE), 'utf8');
      expect(written).toBe(islandScript);
      expect(written).toContain('astro-island');
      const hash = createHash('sha256').update(written).digest('base64url').slice(0, 10);
      expect(ISLAND_RUNTIME_FILE).toBe(`_astro/island-runtime.${hash}.js`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test('an Astro it does not know fails the build, and other modules pass untouched', () => {
    expect(() => externalIslandRuntime('export function getPrescripts() {}')).toThrow(/not found/);
    const transform = islandRuntime().transform as (code: string, id: string) => string | null;
    expect(transform('const x = 1;', '/app/node_modules/astro/dist/runtime/server/render/page.js')).toBeNull();
  });
});
