/**
 * Favourites, follows, notifications, email and unsubscribe over real HTTP against the built server: the
 * site's gate and errors on every write, counts that reach the shared cached pages through their cache tags,
 * the personal state only in the API, notifications read and erased, and mail through a real SMTP server
 * started here (the confirmation link, the one-click unsubscribe a mail provider posts without the site's
 * headers, a forged token refused); no email address in any page.
 */
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signProviderEvents } from '../../src/features/notifications/mail/providerEvents.server.ts';
import { signToken } from '../../src/features/notifications/mail/signedToken.server.ts';
import { WALLET_SIGN_UPS_PER_NETWORK } from '../../src/features/session/walletSignUps.server.ts';
import {
  LISTING_WRITES_PER_MINUTE,
  OFFER_WRITES_PER_NETWORK_PER_MINUTE,
} from '../../src/features/trading/orders/tradingLimits.server.ts';
import { type ApiClient, type App, startApp } from '../helpers/api.ts';
import { eventually } from '../helpers/eventually.ts';
import { freePort } from '../helpers/server.ts';
import { ILLUSTRATOR, seedAccounts } from './fixtures.ts';
import { kept, page } from './pageFreshness.ts';
import { walletSignIn } from './signIn.ts';

const FAN = privateKeyToAccount(`0x${'7'.repeat(64)}`);
const FAN_WALLET = FAN.address.toLowerCase();
const CONTRACT = `0x${'c'.repeat(40)}`;
const TOKEN = `/tokens/1/${CONTRACT}/1`;
const EVENTS_SECRET = 'e'.repeat(40);
const SECRET = 'an-api-test-secret-long-enough-0123456789';
const received: ParsedMail[] = [];
/** The address a received mail was sent to. */
const mailTo = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');
let smtp: SMTPServer;
let app: App;
let fan: ApiClient;

beforeAll(async () => {
  const smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  app = await startApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      MAIL_FROM: 'Kirafuda <no-reply@kirafuda.example>',
      MAIL_SECRET: SECRET,
      MAIL_EVENTS_SECRET: EVENTS_SECRET,
      // A proxy on loopback: the per-network limits' test names IPv6 clients in X-Forwarded-For.
      TRUSTED_PROXIES: '127.0.0.1',
    },
    seed: async (db) => {
      await seedAccounts(db);
      await db.execute(sql`insert into users (wallet_address) values (${FAN_WALLET})`);
      await db.execute(sql`insert into categories (id, chain_id, contract_address, name, creator_id) overriding system value
        values (1, 1, ${CONTRACT}, '星座', (select id from illustrators limit 1))`);
      await db.execute(sql`insert into cards (chain_id, contract_address, token_id, owner_address, name, category_id, creator_id)
        values (1, ${CONTRACT}, 1, ${ILLUSTRATOR.wallet}, 'Star', 1, (select id from illustrators limit 1))`);
      await db.execute(sql`insert into notifications (user_id, kind, event_key, params) values
        ((select id from users where wallet_address = ${FAN_WALLET}), 'outbid', 'bid:1',
          '{"card": "Star", "chainId": 1, "contract": "${sql.raw(CONTRACT)}", "tokenId": "1"}')`);
    },
  });
  fan = app.client();
  expect((await walletSignIn(fan, FAN)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe('favourites', () => {
  test('the heart: the site gate and errors, one count per user, and the shared token page shows the new count', async () => {
    const path = `/api/v1/favorites/1/${CONTRACT}/1`;
    const anonymous = app.client();
    expect((await anonymous.get(path)).body).toEqual({ favorited: false, count: 0, alertBelow: null });
    expect((await anonymous.put(path)).status).toBe(401);
    expect((await fan.put(path, undefined, { siteHeaders: false })).status).toBe(403);
    expect((await fan.put(`/api/v1/favorites/1/${CONTRACT}/2`)).status).toBe(404);
    expect((await fan.put('/api/v1/favorites/1/0x12/1')).status).toBe(422);
    expect((await fan.put(`/api/v1/favorites/999/${CONTRACT}/1`)).status).toBe(422);

    expect(await kept(app, TOKEN)).toContain('お気に入り 0 件');
    expect((await fan.put(path)).body).toEqual({ favorited: true, count: 1, alertBelow: null });
    expect((await fan.put(path)).body).toEqual({ favorited: true, count: 1, alertBelow: null });
    // A price alert in the chain's coin: set, kept by a PUT without it, refused when it is not a price.
    expect((await fan.put(path, { alert_below: '0.05' })).body).toEqual({
      favorited: true,
      count: 1,
      alertBelow: '0.05',
    });
    expect((await fan.put(path, {})).body).toEqual({ favorited: true, count: 1, alertBelow: '0.05' });
    for (const bad of ['0', '-1', '1e3', '0.0000000000000000001', 5, 'abc']) {
      expect((await fan.put(path, { alert_below: bad })).status, String(bad)).toBe(422);
    }
    expect((await fan.put(path, { alert_below: '1', extra: true })).status).toBe(422);
    expect((await fan.get(path)).body).toEqual({ favorited: true, count: 1, alertBelow: '0.05' });
    expect((await anonymous.get(path)).body).toEqual({ favorited: false, count: 1, alertBelow: null });
    expect((await page(app, TOKEN)).html).toContain('お気に入り 1 件');
    expect((await anonymous.get(`/api/v1/cards/1/${CONTRACT}/1`)).body).toMatchObject({ favoriteCount: 1 });
    expect((await page(app, `/en/user/${FAN_WALLET}?tab=favorites`)).html).toContain(`${CONTRACT}/1"`);

    expect((await fan.put(path, { alert_below: null })).body).toEqual({ favorited: true, count: 1, alertBelow: null });
    expect((await fan.del(path)).body).toEqual({ favorited: false, count: 0, alertBelow: null });
    expect((await page(app, TOKEN)).html).toContain('お気に入り 0 件');
  });

  test("the tiles' hearts ask in one question which of a page's cards the user favours", async () => {
    const one = `1:${CONTRACT}:1`;
    const missing = `1:${CONTRACT}:2`;
    const query = (cards: string) => `/api/v1/favorites?cards=${encodeURIComponent(cards)}`;
    expect((await app.client().get(query(one))).status).toBe(401);
    expect((await fan.get(query(`${one},${missing}`))).body).toEqual({ favorited: [] });
    expect((await fan.put(`/api/v1/favorites/1/${CONTRACT}/1`)).status).toBe(200);
    // Any case of the contract, a token id with leading zeros: the answer names the card as the tiles do.
    expect((await fan.get(query(`1:${CONTRACT.toUpperCase().replace('0X', '0x')}:001,${missing}`))).body).toEqual({
      favorited: [one],
    });
    expect((await fan.get(query(''))).body).toEqual({ favorited: [] });
    for (const bad of ['1:0x12:1', `1:${CONTRACT}`, `x:${CONTRACT}:1`, `1:${CONTRACT}:-1`]) {
      expect((await fan.get(query(bad))).status, bad).toBe(422);
    }
    expect((await fan.get(query(Array.from({ length: 101 }, (_, i) => `1:${CONTRACT}:${i}`).join(',')))).status).toBe(
      422,
    );
    expect((await fan.get('/api/v1/favorites')).status).toBe(422);
    expect((await fan.del(`/api/v1/favorites/1/${CONTRACT}/1`)).status).toBe(200);
  });
});

describe('follows', () => {
  test('a creator and a collection: counts on their shared pages, and "Following" on the user page', async () => {
    const creator = `/api/v1/follows/creators/${ILLUSTRATOR.wallet}`;
    expect(await kept(app, `/creator/${ILLUSTRATOR.wallet}`)).toContain('フォロワー 0 人');
    expect((await fan.put(creator)).body).toEqual({ following: true, count: 1 });
    expect((await page(app, `/creator/${ILLUSTRATOR.wallet}`)).html).toContain('フォロワー 1 人');
    expect((await fan.put(`/api/v1/follows/creators/${FAN_WALLET}`)).status).toBe(404);

    expect((await fan.put('/api/v1/follows/collections/1')).body).toEqual({ following: true, count: 1 });
    expect((await page(app, '/collection/1')).html).toContain('フォロワー 1 人');
    expect((await fan.put('/api/v1/follows/collections/99')).status).toBe(404);
    expect((await fan.put('/api/v1/follows/collections/abc')).status).toBe(422);

    const userPage = (await page(app, `/en/user/${FAN_WALLET}`)).html;
    expect(userPage).toContain(`href="/en/creator/${ILLUSTRATOR.wallet}"`);
    expect(userPage).toContain('href="/en/collection/1"');
    expect((await fan.del(creator)).body).toEqual({ following: false, count: 0 });
  });
});

describe('notifications', () => {
  test('the signed-in user reads theirs in either language, marks them read and erases them', async () => {
    expect((await app.client().get('/api/v1/notifications')).status).toBe(401);
    expect((await app.client().get('/api/v1/notifications/stream')).status).toBe(401);
    const en = await fan.get<{ items: { text: string; path: string; read: boolean }[]; unread: number }>(
      '/api/v1/notifications?locale=en',
    );
    expect(en.body.unread).toBe(1);
    expect(en.body.items[0]).toMatchObject({ text: 'You were outbid on “Star”.', path: TOKEN, read: false });
    const ja = await fan.get<{ items: { text: string }[] }>('/api/v1/notifications');
    expect(ja.body.items[0]?.text).toBe('「Star」で、より高い入札がありました。');
    expect((await fan.post('/api/v1/notifications/read', {})).body).toEqual({ unread: 0 });
    expect((await fan.del('/api/v1/notifications')).status).toBe(204);
    expect((await fan.get('/api/v1/notifications')).body).toEqual({ items: [], unread: 0 });
  });
});

describe('email', () => {
  test('double opt-in, preferences, one-click unsubscribe without the site headers, and no address in pages', async () => {
    expect((await fan.post('/api/v1/email', { email: 'not-an-address' })).status).toBe(422);
    const added = await fan.post('/api/v1/email', { email: 'Fan@Example.jp', locale: 'en' });
    expect(added.status).toBe(202);
    expect(added.body).toEqual({ masked: 'f***@example.jp', confirmed: false, bounced: false });
    await eventually(async () => received.length === 1, 30_000);
    const confirmation = received[0];
    expect(confirmation?.subject).toBe('Kirafuda: confirm your email address');
    const link = confirmation?.text?.match(/https?:\/\/\S+\/api\/v1\/email\/confirm\?token=\S+/)?.[0] ?? '';
    const confirmPath = new URL(link).pathname + new URL(link).search;
    expect((await app.client().get(`${confirmPath}x`)).status).toBe(400);
    expect((await app.client().get(confirmPath)).status).toBe(200);
    expect((await fan.get('/api/v1/email')).body).toMatchObject({ masked: 'f***@example.jp', confirmed: true });
    // The owner's settings page shows the address masked, never whole.
    const settings = await fan.get<string>('/en/profiles/edit', { headers: { accept: 'text/html' } });
    expect(settings.status).toBe(200);
    expect(String(settings.body)).toContain('f***@example.jp');
    expect(String(settings.body)).not.toContain('fan@example.jp');

    expect((await fan.put('/api/v1/notification_preferences', { preferences: { nope: 'email' } })).status).toBe(422);
    const prefs = await fan.put<{ preferences: Record<string, string> }>('/api/v1/notification_preferences', {
      preferences: { weekly_digest: 'email', card_sold: 'email' },
    });
    expect(prefs.body.preferences).toMatchObject({ weekly_digest: 'email', card_sold: 'email', outbid: 'in_app' });

    // The link a mail carries (../../src/features/notifications/mail/unsubscribeLink.server.ts), posted as a
    // mail provider does (RFC 8058): no site headers, no Origin, the one-click body.
    const me = await fan.get<{ currentUser: { id: number } }>('/api/v1/current_user');
    const token = signToken(SECRET, {
      purpose: 'unsubscribe',
      userId: me.body.currentUser.id,
      subject: 'all',
      expires: 0,
    });
    const oneClick = (query: string) =>
      app.client().request('POST', `/api/v1/unsubscribe?${query}`, {
        siteHeaders: false,
        origin: null,
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await oneClick(`token=${token.slice(0, -2)}AA`)).status).toBe(400);
    expect((await app.client().get(`/api/v1/unsubscribe?token=${token}`)).status).toBe(200);
    expect(
      (await fan.get<{ preferences: Record<string, string> }>('/api/v1/notification_preferences')).body.preferences,
    ).toMatchObject({ weekly_digest: 'email', card_sold: 'email' });
    expect((await oneClick(`token=${token}`)).status).toBe(200);
    expect(
      (await fan.get<{ preferences: Record<string, string> }>('/api/v1/notification_preferences')).body.preferences,
    ).toMatchObject({ weekly_digest: 'off', card_sold: 'in_app' });

    for (const path of [`/user/${FAN_WALLET}`, `/en/user/${FAN_WALLET}`, TOKEN]) {
      expect((await page(app, path)).html).not.toContain('example.jp');
    }

    // The provider reports a bounce, signed, from its servers (no site headers): the address gets no more mail.
    const report = (raw: string, signature: string | null) =>
      app.client().request<{ recorded?: number }>('POST', '/api/v1/email/events', {
        siteHeaders: false,
        origin: null,
        rawBody: raw,
        headers: signature === null ? {} : { 'x-mail-signature': signature },
      });
    const now = Math.floor(Date.now() / 1000);
    const bounce = JSON.stringify({ events: [{ type: 'bounce', email: 'FAN@example.jp' }] });
    expect((await report(bounce, null)).status).toBe(400);
    expect((await report(bounce, signProviderEvents('x'.repeat(40), bounce, now))).status).toBe(400);
    expect((await report(bounce, signProviderEvents(EVENTS_SECRET, bounce, now - 600))).status).toBe(400);
    expect((await report('{', signProviderEvents(EVENTS_SECRET, '{', now))).status).toBe(400);
    const wrong = JSON.stringify({ events: [{ type: 'opened', email: 'fan@example.jp' }] });
    expect((await report(wrong, signProviderEvents(EVENTS_SECRET, wrong, now))).status).toBe(422);
    expect((await fan.get('/api/v1/email')).body).toMatchObject({ confirmed: true, bounced: false });
    expect((await report(bounce, signProviderEvents(EVENTS_SECRET, bounce, now))).body).toEqual({ recorded: 1 });
    expect((await report(bounce, signProviderEvents(EVENTS_SECRET, bounce, now))).body).toEqual({ recorded: 0 });
    expect((await fan.get('/api/v1/email')).body).toMatchObject({ confirmed: true, bounced: true });
    expect((await fan.del('/api/v1/email')).status).toBe(204);
    expect((await fan.get('/api/v1/email')).body).toMatchObject({ masked: null, confirmed: false });
  });

  test('a confirmation link confirms the address it was mailed to, that time: never the next address, never again', async () => {
    const newcomer = app.client();
    expect((await walletSignIn(newcomer, privateKeyToAccount(`0x${'8'.repeat(64)}`))).status).toBe(200);
    /** The confirmation links (path and query) of the mails to `address`, once `count` arrived. */
    const linksTo = async (address: string, count: number) => {
      const mails = () => received.filter((mail) => mailTo(mail) === address);
      await eventually(async () => mails().length >= count, 30_000);
      return mails().map((mail) => {
        const link = new URL(mail.text?.match(/https?:\/\/\S+\/api\/v1\/email\/confirm\?token=\S+/)?.[0] ?? '');
        return link.pathname + link.search;
      });
    };
    expect((await newcomer.post('/api/v1/email', { email: 'mine@example.jp' })).status).toBe(202);
    const [mine = ''] = await linksTo('mine@example.jp', 1);
    expect((await newcomer.del('/api/v1/email')).status).toBe(204);
    // The next address gets mail of its own, here twice: added again, its first link is retired too.
    expect((await newcomer.post('/api/v1/email', { email: 'victim@example.jp' })).status).toBe(202);
    expect((await newcomer.post('/api/v1/email', { email: 'victim@example.jp' })).status).toBe(202);
    const [first = '', newest = ''] = await linksTo('victim@example.jp', 2);
    expect((await app.client().get(mine)).status).toBe(400);
    expect((await app.client().get(first)).status).toBe(400);
    expect((await newcomer.get('/api/v1/email')).body).toMatchObject({ masked: 'v***@example.jp', confirmed: false });
    expect((await app.client().get(newest)).status).toBe(200);
    expect((await newcomer.get('/api/v1/email')).body).toMatchObject({ masked: 'v***@example.jp', confirmed: true });
  });
});

describe('the lowest offer that notifies', () => {
  test('per collection, set and cleared by its owner, shown on the settings page', async () => {
    const path = '/api/v1/notification_preferences/offer_minimums';
    expect((await app.client().get(path)).status).toBe(401);
    expect((await fan.get(path)).body).toEqual({ collections: [] });
    for (const bad of ['-1', 'abc', '1e3', '0.0000000000000000001', 5]) {
      expect((await fan.put(path, { minimums: { 1: bad } })).status, String(bad)).toBe(422);
    }
    expect((await fan.put(path, { minimums: { 99: '1' } })).status).toBe(422);
    expect((await fan.put(path, { minimums: { 1: '1' }, extra: true })).status).toBe(422);
    const set = await fan.put<{ collections: unknown[] }>(path, { minimums: { 1: '0.05' } });
    expect(set.body.collections).toEqual([
      { collectionId: 1, name: '星座', nameEn: null, symbol: 'ETH', minPrice: '0.05' },
    ]);
    const settings = await fan.get<string>('/en/profiles/edit', { headers: { accept: 'text/html' } });
    expect(String(settings.body)).toContain('Lowest offer for 星座 (ETH)');
    expect((await fan.put(path, { minimums: { 1: null } })).body).toEqual({ collections: [] });
  });
});

describe('per-network limits', () => {
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const newWallet = () => privateKeyToAccount(generatePrivateKey());

  test('a network (an IPv4 address, an IPv6 /64) opens only so many wallet accounts an hour; known wallets and other networks are not held', async () => {
    for (let i = 1; i <= WALLET_SIGN_UPS_PER_NETWORK.limit; i += 1) {
      expect((await walletSignIn(app.client(), newWallet(), from(`2001:db8:1:2::${i}`))).status).toBe(200);
    }
    const refused = await walletSignIn(app.client(), newWallet(), from('2001:db8:1:2:ffff::9'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await walletSignIn(app.client(), FAN, from('2001:db8:1:2::1'))).status).toBe(200);
    expect((await walletSignIn(app.client(), newWallet(), from('2001:db8:1:3::1'))).status).toBe(200);
  });

  test('a network sends only so many offers a minute over all its wallets; another network is not held', async () => {
    const signedIn = async (address: string) => {
      const client = app.client(address);
      expect((await walletSignIn(client, newWallet())).status).toBe(200);
      return client;
    };
    const [first, second, third, elsewhere] = [
      await signedIn('127.0.0.2'),
      await signedIn('127.0.0.2'),
      await signedIn('127.0.0.2'),
      await signedIn('127.0.0.3'),
    ];
    // Two wallets fill their network's minute, each within its own limit (an empty body: counted, then refused).
    expect(OFFER_WRITES_PER_NETWORK_PER_MINUTE).toBe(2 * LISTING_WRITES_PER_MINUTE);
    for (const client of [first, second]) {
      for (let i = 0; i < LISTING_WRITES_PER_MINUTE; i += 1) {
        expect((await client.post('/api/v1/offers', {})).status).toBe(422);
      }
    }
    // A third wallet on that network is held after its first offer or so (a minute's edge, passed meanwhile,
    // lets the earlier minute's count fade a little), long before its own limit.
    let refused: Awaited<ReturnType<ApiClient['post']>> | undefined;
    for (let i = 0; i < 5 && !refused; i += 1) {
      const answer = await third.post('/api/v1/offers', {});
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(422);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await elsewhere.post('/api/v1/offers', {})).status).toBe(422);
  });
});
