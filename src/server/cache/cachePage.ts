/**
 * How a catalogue page joins the route cache: `cachePage(Astro, tags)` keeps it for an hour, served stale for
 * a minute while it renders again, and tells shared caches (a CDN) to keep it 4 s. Freshness does not come
 * from these times but from the change events, which drop a page's tags as soon as what it shows changes.
 * A page that could not load all its data calls `uncachedPage(Astro)` so the error is not kept. A page showing yen
 * beside crypto prices is kept only while the oldest rate it used is fresh (less the minute it may be served
 * stale): a yen figure is never shown from a rate more than an hour old (src/features/market/rates/yen.ts).
 *
 * @see ./pageCache.ts, ../../features/events/tags.ts
 */
import type { APIContext, AstroGlobal } from 'astro';

/** Seconds a page stays fresh in the server's cache unless an event drops it first. */
export const PAGE_MAX_AGE = 3600;
/** Seconds a page past that may still be served while it renders again. */
export const PAGE_SWR = 60;
/**
 * What browsers and shared caches are told: revalidate (ETag) in the browser; a CDN may keep a page 4 s, so a
 * change reaches visitors behind it within the 5 s the site promises (a CDN that takes purges by tag can keep
 * pages longer: docs/operations.md).
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=4';

type CacheContext = Pick<AstroGlobal, 'cache' | 'response'> & { locals: Pick<App.Locals, 'yenFreshUntil'> };

/**
 * Seconds a page may stay fresh: {@link PAGE_MAX_AGE}, or less when it shows yen from rates fresh until
 * `yenFreshUntil` (ms), so that it is rendered again, stale minute included, before they turn stale (at least 1).
 */
export function pageMaxAge(yenFreshUntil: number | undefined, now = Date.now()): number {
  if (yenFreshUntil === undefined) return PAGE_MAX_AGE;
  const left = Math.floor((yenFreshUntil - now) / 1000) - PAGE_SWR;
  return Math.max(1, Math.min(PAGE_MAX_AGE, left));
}

/** Caches the page with `tags` (see the module comment). */
export function cachePage(astro: CacheContext, tags: readonly string[]): void {
  astro.cache.set({ maxAge: pageMaxAge(astro.locals.yenFreshUntil), swr: PAGE_SWR, tags: [...new Set(tags)] });
  astro.response.headers.set('Cache-Control', SHARED_CACHE_CONTROL);
}

/**
 * Caches an endpoint's answer (a sitemap) as {@link cachePage} does a page; answers the headers to send with
 * it (what shared caches are told).
 */
export function cacheEndpoint(context: Pick<APIContext, 'cache'>, tags: readonly string[]): Record<string, string> {
  context.cache.set({ maxAge: PAGE_MAX_AGE, swr: PAGE_SWR, tags: [...new Set(tags)] });
  return { 'Cache-Control': SHARED_CACHE_CONTROL };
}

/** Keeps the page out of every cache (it failed to load, or it is personal). */
export function uncachedPage(astro: CacheContext): void {
  astro.cache.set(false);
  astro.response.headers.set('Cache-Control', 'private, no-store');
}
