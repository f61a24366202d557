import type { APIRoute } from 'astro';
import { sitemapFiles } from '~/features/catalogue/sitemap/sitemap.server';
import { sitemapIndexXml } from '~/features/catalogue/sitemap/sitemapXml';
import { tag } from '~/features/events/tags';
import { cacheEndpoint } from '~/server/cache/cachePage';
import { database } from '~/server/db/client';
import { siteOrigins } from '~/server/http/site';
import { serverSettings } from '~/server/settings/settings.server';

/**
 * `GET /sitemap-index.xml` (named by robots.txt): the sitemap files (`/sitemaps/{part}.xml`: the pages, the
 * collections, the creators, the cards by id), each with its last change, on the site configured at run time.
 * Kept by the route cache like a page and dropped by any change a sitemap shows (tag `sitemap`).
 */
export const GET: APIRoute = async (context) => {
  try {
    const files = await sitemapFiles(await database());
    return new Response(sitemapIndexXml(siteOrigins(serverSettings()).canonical, files), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', ...cacheEndpoint(context, [tag.sitemap]) },
    });
  } catch (error) {
    console.error('[sitemap] the index failed:', error);
    return new Response('The sitemap is unavailable', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '60' },
    });
  }
};
