import type { APIRoute } from 'astro';
import { parseSitemapPart, sitemapPages, sitemapPartTags } from '~/features/catalogue/sitemap/sitemap.server';
import { urlsetXml } from '~/features/catalogue/sitemap/sitemapXml';
import { cacheEndpoint } from '~/server/cache/cachePage';
import { database } from '~/server/db/client';
import { siteOrigins } from '~/server/http/site';
import { serverSettings } from '~/server/settings/settings.server';

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });

/**
 * `GET /sitemaps/{pages|collections-N|creators-N|tokens-N}.xml`: one sitemap file, every page in both languages
 * with its alternates and last change (src/features/catalogue/sitemap), on the site configured at run time; 404
 * for a file that holds no page. Kept by the route cache like a page and dropped by the changes it shows.
 */
export const GET: APIRoute = async (context) => {
  const part = parseSitemapPart(context.params.file);
  if (!part) return plain(404, 'Not found');
  try {
    const pages = await sitemapPages(await database(), part);
    if (!pages) return plain(404, 'Not found');
    return new Response(urlsetXml(siteOrigins(serverSettings()).canonical, pages), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', ...cacheEndpoint(context, sitemapPartTags(part)) },
    });
  } catch (error) {
    console.error('[sitemap] a file failed:', error);
    return plain(503, 'The sitemap is unavailable', { 'Cache-Control': 'no-store', 'Retry-After': '60' });
  }
};
