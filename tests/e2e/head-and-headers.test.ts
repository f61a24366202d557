/**
 * What crawlers and browsers read before any script: locale redirects and cookies, <html lang>,
 * canonical and hreflang, Open Graph and Twitter tags, robots.txt, the sitemap, security headers.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { pageUrl } from '../helpers/e2e.ts';

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(pageUrl(path), { redirect: 'manual', headers });

function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  return html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];
}

describe('locale choice at the root', () => {
  test('an en cookie sends / to /en with 302', async () => {
    const response = await get('/', { cookie: 'i18n_redirected=en' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/en');
  });

  test('without a cookie an English browser is sent to /en and the choice is remembered for 365 days', async () => {
    const response = await get('/', { 'accept-language': 'en-US,en;q=0.9,ja;q=0.5' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/en');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/i18n_redirected=en/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  test('a ja cookie wins over an English browser, and a Japanese browser stays on /', async () => {
    expect((await get('/', { cookie: 'i18n_redirected=ja', 'accept-language': 'en' })).status).toBe(200);
    expect((await get('/', { 'accept-language': 'ja,en;q=0.8' })).status).toBe(200);
  });
});

describe('head tags', () => {
  test('pages carry lang, canonical, hreflang alternates and social tags', async () => {
    const html = await (await get('/en/rankings')).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/en\/rankings">/);
    expect(html).toMatch(/<link rel="alternate" hreflang="ja" href="[^"]+\/rankings">/);
    expect(html).toMatch(/<link rel="alternate" hreflang="en" href="[^"]+\/en\/rankings">/);
    expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"]+\/rankings">/);
    expect(meta(html, 'property', 'og:title')).toBe('Rankings | Kirafuda');
    expect(meta(html, 'property', 'og:image')).toMatch(/\/og-default\.png$/);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
  });

  test('the home title names an NFT collection and the description a marketplace', async () => {
    const ja = await (await get('/')).text();
    const en = await (await get('/en')).text();
    expect(ja).toMatch(/<title>[^<]*NFTコレクション[^<]*<\/title>/);
    expect(en).toMatch(/<title>[^<]*NFT collection[^<]*<\/title>/);
    expect(meta(en, 'name', 'description')).toMatch(/marketplace/);
    expect(meta(ja, 'name', 'description')).toMatch(/マーケットプレイス/);
  });

  test('the default social image exists', async () => {
    const response = await get('/og-default.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });
});

describe('crawlers', () => {
  test('robots.txt allows crawling but not the admin, dashboard and API', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    for (const path of ['/admins', '/dashboard', '/api/']) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toMatch(/^Sitemap: .+\/sitemap-index\.xml$/m);
  });

  test('the sitemap lists pages in both locales', async () => {
    const index = await (await get('/sitemap-index.xml')).text();
    const first = index.match(/<loc>([^<]+)<\/loc>/)?.[1] ?? '';
    const sitemap = await (await get(new URL(first).pathname)).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/rankings<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/en\/rankings<\/loc>/);
    expect(sitemap).not.toMatch(/\/admins/);
  });
});

describe('security headers', () => {
  test.each(['/', '/en/terms', '/no-such-page', '/dashboard'])('%s carries the security headers', async (path) => {
    const response = await get(path);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });

  test('pages carry a script policy with hashes and no unsafe-inline', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src 'self'[^;]*'sha256-/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  test("every inline script's hash is in the policy, on a page's first render and on later ones", async () => {
    // Pages of two routes, each asked twice (the second render answers the hashes from the process's memory).
    for (const path of ['/en/terms', '/en/privacy', '/en/terms?again', '/en/privacy?again']) {
      const response = await get(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      const scripts = [...(await response.text()).matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const [, body] of scripts) {
        const hash = createHash('sha256')
          .update(body ?? '')
          .digest('base64');
        expect(csp, path).toContain(`'sha256-${hash}'`);
      }
    }
  });
});
