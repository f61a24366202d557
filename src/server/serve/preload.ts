/**
 * Loads every module of the built server once it listens, in the background, so no request pays for resolving
 * and compiling the code of a page nobody asked for before (Astro loads each page's module on its first
 * request). Modules have no import side effects (docs/architecture.md, rule 5), so loading one early changes
 * nothing but when the cost is paid.
 */
import { readdir } from 'node:fs/promises';
import { setImmediate as yieldNow } from 'node:timers/promises';

/** Imports every `.mjs` in `folder` (the build's chunks), one at a time, yielding to requests between them. */
export async function preloadModules(folder: URL): Promise<number> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.mjs')).sort();
  let loaded = 0;
  for (const name of names) {
    await yieldNow();
    try {
      await import(new URL(name, folder).href);
      loaded += 1;
    } catch (error) {
      console.error(`[server] preloading ${name} failed (it loads on first use instead):`, error);
    }
  }
  return loaded;
}
