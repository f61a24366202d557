/**
 * Reading pages the way a visitor does, for the freshness suites: the HTML and whether the route cache
 * answered it (`X-Astro-Cache`), and a page known to be kept (loaded twice, the second a hit) before a change.
 */
import { expect } from 'vitest';
import type { App } from '../helpers/api.ts';

/** A page as a browser without cookies gets it. */
export async function page(app: App, path: string): Promise<{ status: number; cache: string | null; html: string }> {
  const response = await fetch(new URL(path, app.url), { headers: { accept: 'text/html' } });
  return { status: response.status, cache: response.headers.get('x-astro-cache'), html: await response.text() };
}

/**
 * Loads `path` until the cache answers it (a hit), and answers its HTML. The indexer may still be announcing an
 * earlier test's blocks, which can drop the page between two loads: then it is loaded again.
 */
export async function kept(app: App, path: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const loaded = await page(app, path);
    expect(loaded.status, path).toBe(200);
    if (loaded.cache === 'HIT') return loaded.html;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} was never answered from the cache`);
}
