import type { APIRoute } from 'astro';
import { siteOrigins } from '~/server/http/site';
import { serverSettings } from '~/server/settings/settings.server';

/**
 * Crawlers are welcome on the public pages; back-office, dashboards, callbacks, the API and personal pages (sign-in,
 * cart, checkout) are not. The sitemap index is named on the site configured at run time (`PUBLIC_SITE_URL`).
 */
const PRIVATE = [
  '/admins',
  '/admin-session',
  '/dashboard',
  '/api/',
  '/login',
  '/users/auth/',
  '/profiles/edit',
  '/card_issue',
  '/session',
  '/connect-wallet',
  '/cart',
  '/checkout/',
  '/purchases/',
];

export const GET: APIRoute = () => {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE.flatMap((path) => [`Disallow: ${path}`, `Disallow: /en${path}`]),
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', siteOrigins(serverSettings()).canonical).href}`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
