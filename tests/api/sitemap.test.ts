/**
 * What crawlers are given, on a site whose public origin is configured at run time (`PUBLIC_SITE_URL` differs
 * from the address the server listens on): robots.txt names the sitemap index; the sitemaps list every public
 * page once per language with its alternates and a `lastmod`, every visible card at its canonical path and no
 * hidden, private, duplicate or redirecting URL; a change drops the file it touches. One trailing-slash form:
 * the other redirects. Canonical, hreflang and og:url name the configured origin.
 */
import { request } from 'node:http';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN } from '../../src/dev/seed/accounts.ts';
import { seedDemo } from '../../src/dev/seed/demo.ts';
import { cards, categories, illustrators, users } from '../../src/server/db/schema/index.ts';
import { type App, startApp } from '../helpers/api.ts';

const SITE = 'https://kirafuda.example';
let app: App;
const visible: { id: number; path: string }[] = [];
const hidden = { card: '', categoryCard: '', creatorWallet: '' };

beforeAll(async () => {
  app = await startApp({
    env: { PUBLIC_SITE_URL: SITE },
    seed: async (db) => {
      await seedDemo(db);
      const all = await db
        .select({ id: cards.id, chainId: cards.chainId, contract: cards.contractAddress, tokenId: cards.tokenId })
        .from(cards)
        .orderBy(asc(cards.id));
      const path = (card: (typeof all)[number]) => `/tokens/${card.chainId}/${card.contract}/${card.tokenId}`;
      const [hiddenCard, ...rest] = all;
      if (!hiddenCard) throw new Error('the demo has no cards');
      await db.update(cards).set({ hidden: true }).where(eq(cards.id, hiddenCard.id));
      hidden.card = path(hiddenCard);
      const [category] = await db
        .insert(categories)
        .values({ chainId: 1, contractAddress: `0x${'cd'.repeat(20)}`, name: '非公開', hidden: true })
        .returning();
      const [secret] = await db
        .insert(cards)
        .values({
          chainId: 1,
          contractAddress: `0x${'cd'.repeat(20)}`,
          tokenId: '1',
          ownerAddress: `0x${'11'.repeat(20)}`,
          name: 'secret',
          categoryId: category?.id ?? null,
        })
        .returning();
      if (secret) hidden.categoryCard = `/tokens/1/${secret.contractAddress}/1`;
      const [suspended] = await db
        .select({ wallet: users.walletAddress, userId: users.id })
        .from(illustrators)
        .innerJoin(users, eq(users.id, illustrators.userId))
        .limit(1);
      if (!suspended) throw new Error('the demo has no creators');
      await db.update(users).set({ suspended: true }).where(eq(users.id, suspended.userId));
      hidden.creatorWallet = suspended.wallet;
      visible.push(...rest.map((card) => ({ id: card.id, path: path(card) })));
    },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const fetchPath = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, app.url), { redirect: 'manual', ...init });

/** A GET of a raw request target (fetch would read `//host/` as another host). */
const rawGet = (target: string) =>
  new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const url = new URL(app.url);
    request({ host: url.hostname, port: url.port, path: target }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    })
      .on('error', reject)
      .end();
  });

/** Every `<url>` of every file of the index: its `loc`, `lastmod` and alternates by hreflang. */
async function crawl() {
  const index = await fetchPath('/sitemap-index.xml');
  expect(index.status).toBe(200);
  expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
  const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  const urls: { loc: string; lastmod: string | undefined; alternates: Record<string, string> }[] = [];
  for (const file of files) {
    expect(file.startsWith(`${SITE}/sitemaps/`)).toBe(true);
    const response = await fetchPath(new URL(file).pathname);
    expect(response.status, file).toBe(200);
    for (const [, body = ''] of (await response.text()).matchAll(/<url>(.*?)<\/url>/g)) {
      const alternates = Object.fromEntries(
        [...body.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => [match[1], match[2]]),
      );
      urls.push({
        loc: body.match(/<loc>([^<]+)<\/loc>/)?.[1] ?? '',
        lastmod: body.match(/<lastmod>([^<]+)<\/lastmod>/)?.[1],
        alternates,
      });
    }
  }
  return { files, urls };
}

describe('sitemaps', () => {
  test('list every visible card once per language at its canonical path, with alternates and lastmod', async () => {
    const { files, urls } = await crawl();
    expect(files.length).toBeGreaterThanOrEqual(4);
    const locs = urls.map((url) => url.loc);
    expect(new Set(locs).size, 'no URL is listed twice').toBe(locs.length);
    for (const card of visible) {
      expect(locs.filter((loc) => loc === `${SITE}${card.path}`)).toHaveLength(1);
      expect(locs.filter((loc) => loc === `${SITE}/en${card.path}`)).toHaveLength(1);
    }
    for (const url of urls) {
      expect(url.loc.startsWith(`${SITE}/`)).toBe(true);
      expect(url.lastmod === undefined || !Number.isNaN(Date.parse(url.lastmod))).toBe(true);
      const path = new URL(url.loc).pathname.replace(/^\/en(?=\/|$)/, '') || '/';
      expect(url.alternates).toEqual({
        ja: `${SITE}${path}`,
        en: `${SITE}${path === '/' ? '/en' : `/en${path}`}`,
        'x-default': `${SITE}${path}`,
      });
    }
    const token = urls.find((url) => url.loc === `${SITE}${visible[0]?.path}`);
    expect(token?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    for (const page of ['/', '/en', '/market', '/en/rankings', '/terms', '/collection', '/creator'])
      expect(locs).toContain(`${SITE}${page}`);
  });

  test('list no hidden, private, duplicate or redirecting URL', async () => {
    const { urls } = await crawl();
    const paths = urls.map((url) => new URL(url.loc).pathname);
    for (const path of [hidden.card, hidden.categoryCard, `/creator/${hidden.creatorWallet}`])
      expect(paths.filter((listed) => listed.endsWith(path))).toEqual([]);
    const privatePath =
      /^(\/en)?\/(admins|admin-session|dashboard|api|login|users|profiles|profile|card_issue|session|connect-wallet|cart|checkout|purchases|search|nfts|og|media)(\/|$)/;
    expect(paths.filter((path) => privatePath.test(path))).toEqual([]);
    expect(paths.filter((path) => path.length > 1 && path.endsWith('/'))).toEqual([]);
    // Every listed page answers 200 itself (no redirect, no 404): all but the cards, and a few cards.
    const sample = paths
      .filter((path) => !path.includes('/tokens/'))
      .concat(paths.filter((p) => p.includes('/tokens/')).slice(0, 6));
    for (const path of sample) {
      const response = await fetchPath(path);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
    }
  });

  test('a change drops the file showing it: a card hidden leaves its sitemap at once, shown again it comes back newer', async () => {
    const card = visible[1];
    if (!card) throw new Error('no card');
    const before = (await crawl()).urls.find((url) => url.loc === `${SITE}${card.path}`);
    expect(before).toBeDefined();
    const admin = app.client();
    expect((await admin.post('/api/v1/admin_session', DEMO_ADMIN)).status).toBe(200);
    expect((await admin.put(`/api/v1/admins/card_serials/${card.id}`, { hidden: true })).status).toBe(200);
    expect((await crawl()).urls.some((url) => url.loc === `${SITE}${card.path}`)).toBe(false);
    expect((await admin.put(`/api/v1/admins/card_serials/${card.id}`, { hidden: false })).status).toBe(200);
    const after = (await crawl()).urls.find((url) => url.loc === `${SITE}${card.path}`);
    expect(Date.parse(after?.lastmod ?? '')).toBeGreaterThan(Date.parse(before?.lastmod ?? '') - 1);
    expect(Date.parse(after?.lastmod ?? '')).toBeGreaterThan(Date.now() - 5 * 60_000);
  });

  test('a file that holds nothing is 404', async () => {
    expect((await fetchPath('/sitemaps/tokens-99999.xml')).status).toBe(404);
    expect((await fetchPath('/sitemaps/nothing.xml')).status).toBe(404);
  });
});

describe('the configured origin at run time', () => {
  test('robots.txt names the sitemap index on it', async () => {
    const text = await (await fetchPath('/robots.txt')).text();
    expect(text).toMatch(new RegExp(`^Sitemap: ${SITE}/sitemap-index\\.xml$`, 'm'));
    for (const path of ['/admins', '/cart', '/session']) expect(text).toContain(`Disallow: ${path}`);
  });

  test('canonical, hreflang and og:url name it; a card reached by id names its token path', async () => {
    const card = visible[2];
    if (!card) throw new Error('no card');
    const html = await (await fetchPath(`/en/nfts/${card.id}`)).text();
    expect(html).toContain(`<link rel="canonical" href="${SITE}/en${card.path}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="ja" href="${SITE}${card.path}">`);
    expect(html).toContain(`<meta property="og:url" content="${SITE}/en${card.path}">`);
    const terms = await (await fetchPath('/terms')).text();
    expect(terms).toContain(`<link rel="canonical" href="${SITE}/terms">`);
  });
});

describe('one trailing-slash form', () => {
  test('the other form redirects permanently, with its query; writes keep their method (308)', async () => {
    for (const [path, location] of [
      ['/terms/', '/terms'],
      ['/en/', '/en'],
      ['/market/?page=2', '/market?page=2'],
      ['//evil.example/', '/evil.example'],
    ] as const) {
      expect(await rawGet(path), path).toEqual({ status: 301, location });
    }
    const write = await fetchPath('/api/v1/contact/', { method: 'POST', body: '{}' });
    expect(write.status).toBe(308);
    expect(write.headers.get('location')).toBe('/api/v1/contact');
  });
});
