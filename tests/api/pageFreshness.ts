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

/** Loads `path` until the cache keeps it (a hit), and answers its HTML. */
export async function kept(app: App, path: string): Promise<string> {
  await page(app, path);
  const again = await page(app, path);
  expect(again.status, path).toBe(200);
  expect(again.cache, `${path} is answered from the cache`).toBe('HIT');
  return again.html;
}
