import type { APIRoute } from 'astro';

/** Crawlers are welcome on the public pages; back-office, dashboards, callbacks and the API are not. */
const PRIVATE = [
  '/admins',
  '/admin-session',
  '/dashboard',
  '/api/',
  '/login',
  '/users/auth/',
  '/profiles/edit',
  '/card_issue',
];

export const GET: APIRoute = ({ site, url }) => {
  const origin = site ?? new URL(url.origin);
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE.flatMap((path) => [`Disallow: ${path}`, `Disallow: /en${path}`]),
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', origin).href}`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
