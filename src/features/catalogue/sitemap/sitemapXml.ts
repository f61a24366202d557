/**
 * Sitemap XML (sitemaps.org 0.9): a `urlset` whose every page is listed once per language, each entry naming
 * all its language versions (`xhtml:link rel="alternate" hreflang`, and `x-default` for the Japanese one), and a
 * `sitemapindex` of such files. Pure: the caller gives the site's origin and the pages.
 *
 * @see https://www.sitemaps.org/protocol.html
 * @see https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap
 */
import { type Locale, localeCodes, localizePath } from '~/features/i18n/locales';

/** Most URLs one sitemap file may hold. */
export const MAX_URLS_PER_FILE = 50_000;

/** One page (in every language): its locale-neutral path and when it last changed, if known. */
export interface SitemapPage {
  path: string;
  lastmod?: Date | null | undefined;
}

/** One file of the index: its path and when any of its pages last changed, if known. */
export interface SitemapFile {
  path: string;
  lastmod?: Date | null | undefined;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

/** A date as the W3C datetime sitemaps take (UTC, to the second). */
const w3c = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const lastmodTag = (date: Date | null | undefined) =>
  date && !Number.isNaN(date.getTime()) ? `<lastmod>${w3c(date)}</lastmod>` : '';

/** A `urlset` of `pages` on `origin` (two `<url>` entries per page, one per language). */
export function urlsetXml(origin: URL, pages: readonly SitemapPage[]): string {
  if (pages.length * localeCodes.length > MAX_URLS_PER_FILE)
    throw new Error(`a sitemap file holds at most ${MAX_URLS_PER_FILE} URLs`);
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const page of pages) {
    const href = (locale: Locale) => escapeXml(`${origin.origin}${localizePath(page.path, locale)}`);
    const alternates =
      localeCodes.map((code) => `<xhtml:link rel="alternate" hreflang="${code}" href="${href(code)}"/>`).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href('ja')}"/>`;
    const lastmod = lastmodTag(page.lastmod);
    for (const code of localeCodes) parts.push(`<url><loc>${href(code)}</loc>${lastmod}${alternates}</url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

/** A `sitemapindex` of `files` on `origin`. */
export function sitemapIndexXml(origin: URL, files: readonly SitemapFile[]): string {
  const entries = files.map(
    (file) => `<sitemap><loc>${escapeXml(`${origin.origin}${file.path}`)}</loc>${lastmodTag(file.lastmod)}</sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}
