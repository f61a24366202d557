/**
 * The signed-in user's profile: reading it, renaming, and uploading an icon (type told by the file's
 * bytes, 2 MB limit, resized to 256 and 64 pixel WebP, old files deleted), and `/media` serving uploads
 * without letting a path leave the uploads folder. Real HTTP against the built server.
 */

import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_KEY, type ApiClient, type App, startApp } from '../helpers/api.ts';
import { ILLUSTRATOR, seedAccounts } from './fixtures.ts';
import { walletSignIn } from './signIn.ts';

interface Profile {
  id: number;
  walletAddress: string;
  name: string | null;
  image: { icon: string | null; thumb: string | null };
}

let app: App;
beforeAll(async () => {
  app = await startApp({ seed: seedAccounts });
});
afterAll(async () => {
  await app?.stop();
});

/** A client signed in with a new wallet. */
async function walletClient(): Promise<ApiClient> {
  const client = app.client();
  const res = await walletSignIn(client, privateKeyToAccount(generatePrivateKey()));
  expect(res.status).toBe(200);
  return client;
}

/** A 300x200 test image in `format`. */
const image = (format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();

/** Posts `bytes` as the multipart field `icon` the way the browser's FormData does. */
async function upload(client: ApiClient, bytes: Uint8Array | null, filename = 'icon.png', type = 'image/png') {
  const form = new FormData();
  if (bytes) form.append('icon', new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(new URL('/api/v1/profile/icon', app.url), {
    method: 'POST',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'x-api-key': API_KEY,
      origin: app.url,
      cookie: client.cookieHeader(),
    },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Profile & { message: string } };
}

/** GET with the path sent exactly as written (fetch would resolve `..` segments first). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(app.url);
  return new Promise((done, fail) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('GET and PUT /api/v1/profile', () => {
  test('anonymous callers get 401', async () => {
    const anonymous = app.client();
    expect((await anonymous.get('/api/v1/profile')).status).toBe(401);
    expect((await anonymous.put('/api/v1/profile', { name: 'x' })).status).toBe(401);
    expect((await upload(anonymous, await image('png'))).status).toBe(401);
  });

  test('a new wallet user has no name or icon, and can set a trimmed name', async () => {
    const client = await walletClient();
    const before = await client.get<Profile>('/api/v1/profile');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ name: null, image: { icon: null, thumb: null } });
    const renamed = await client.put<Profile>('/api/v1/profile', { name: '  さくら 🌸  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('さくら 🌸');
    expect((await client.get<Profile>('/api/v1/profile')).body.name).toBe('さくら 🌸');
    const current = await client.get<{ currentUser: { userProfile: { name: string } } }>('/api/v1/current_user');
    expect(current.body.currentUser.userProfile.name).toBe('さくら 🌸');
  });

  test('refuses empty, too long and control-character names with 422, and bodies that are not JSON', async () => {
    const client = await walletClient();
    for (const name of ['', '   ', 'x'.repeat(41), 'tab\there']) {
      const res = await client.put<{ message: string }>('/api/v1/profile', { name });
      expect([name, res.status]).toEqual([name, 422]);
      expect(res.body.message).toMatch(/^name: /);
    }
    expect((await client.put<Profile>('/api/v1/profile', { name: '🌸'.repeat(40) })).status).toBe(200);
    expect((await client.put('/api/v1/profile', {})).status).toBe(422);
    expect((await client.request('PUT', '/api/v1/profile', { rawBody: '{"name":' })).status).toBe(400);
  });

  test('an illustrator session reads its own profile too', async () => {
    const client = app.client();
    await client.post('/api/v1/illustrator_session', { uid: ILLUSTRATOR.uid, password: ILLUSTRATOR.password });
    const res = await client.get<Profile>('/api/v1/profile');
    expect(res.status).toBe(200);
    expect(res.body.walletAddress).toBe(ILLUSTRATOR.wallet);
  });
});

describe('POST /api/v1/profile/icon', () => {
  test('stores a PNG as a 256px icon and a 64px thumbnail in WebP, served from /media', async () => {
    const client = await walletClient();
    const res = await upload(client, await image('png'));
    expect(res.status).toBe(200);
    expect(res.body.image.icon).toMatch(/^\/media\/icons\/[0-9a-f]{32}\.webp$/);
    expect(res.body.image.thumb).toMatch(/^\/media\/icons\/[0-9a-f]{32}-thumb\.webp$/);
    for (const [url, size] of [
      [res.body.image.icon, 256],
      [res.body.image.thumb, 64],
    ] as const) {
      const file = await fetch(new URL(url ?? '', app.url));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
    }
    const current = await client.get<{ currentUser: { userProfile: { image: { icon: string } } } }>(
      '/api/v1/current_user',
    );
    expect(current.body.currentUser.userProfile.image.icon).toBe(res.body.image.icon);
  });

  test('accepts JPEG, WebP and GIF, and a new icon deletes the old files', async () => {
    const client = await walletClient();
    const first = await upload(client, await image('jpeg'), 'me.jpg', 'image/jpeg');
    expect(first.status).toBe(200);
    const webp = await upload(client, await image('webp'), 'me.webp', 'image/webp');
    expect(webp.status).toBe(200);
    for (const old of [first.body.image.icon, first.body.image.thumb]) {
      expect((await fetch(new URL(old ?? '', app.url))).status).toBe(404);
    }
    const gif = await upload(client, await image('gif'), 'me.gif', 'image/gif');
    expect(gif.status).toBe(200);
    expect((await fetch(new URL(gif.body.image.icon ?? '', app.url))).status).toBe(200);
  });

  test('tells the type by the bytes: text or SVG named .png is 415, a broken PNG 422', async () => {
    const client = await walletClient();
    const text = await upload(client, new TextEncoder().encode('not an image at all'), 'icon.png', 'image/png');
    expect(text.status).toBe(415);
    expect(text.body.message).toMatch(/PNG, JPEG, WebP or GIF/);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(client, svg, 'icon.svg', 'image/svg+xml')).status).toBe(415);
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
    expect((await upload(client, broken)).status).toBe(422);
    expect((await client.get<Profile>('/api/v1/profile')).body.image.icon).toBeNull();
  });

  test('refuses files over 2 MB with 413, a missing field with 422 and a JSON body with 415', async () => {
    const client = await walletClient();
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await upload(client, big)).status).toBe(413);
    const huge = new Uint8Array(3 * 1024 * 1024);
    expect((await upload(client, huge)).status).toBe(413);
    expect((await upload(client, null)).status).toBe(422);
    expect((await client.post('/api/v1/profile/icon', { icon: 'data:image/png;base64,AAAA' })).status).toBe(415);
  });

  test('refuses more than 20 uploads an hour from one user with 429', async () => {
    const client = await walletClient();
    const junk = new TextEncoder().encode('junk');
    const statuses = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await upload(client, junk)).status);
    expect(statuses).toEqual([...Array(20).fill(415), 429]);
    expect((await upload(await walletClient(), await image('png'))).status).toBe(200);
  });

  test('refuses an upload without the site headers (403)', async () => {
    const client = await walletClient();
    const form = new FormData();
    form.append('icon', new Blob([new Uint8Array(await image('png'))], { type: 'image/png' }), 'icon.png');
    const res = await fetch(new URL('/api/v1/profile/icon', app.url), {
      method: 'POST',
      headers: { cookie: client.cookieHeader() },
      body: form,
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /media/{path}', () => {
  test('serves nothing outside the uploads folder, through .. segments, encoded slashes or symbolic links', async () => {
    const client = await walletClient();
    expect((await upload(client, await image('png'))).status).toBe(200);
    const dataDir = app.server.dataDir;
    await writeFile(join(dataDir, 'secret.png'), 'TOPSECRET');
    await mkdir(join(dataDir, 'uploads', 'icons'), { recursive: true });
    await symlink(join(dataDir, 'secret.png'), join(dataDir, 'uploads', 'icons', 'link.png'));
    for (const path of [
      '/media/../secret.png',
      '/media/icons/../../secret.png',
      '/media/..%2Fsecret.png',
      '/media/icons/..%2F..%2Fsecret.png',
      '/media/%2e%2e/secret.png',
      '/media/icons/%2e%2e%2f%2e%2e%2fsecret.png',
      '/media/..%5Csecret.png',
      '/media/icons/link.png',
      '/media/../../../../../../etc/passwd',
    ]) {
      const res = await rawGet(path);
      expect([path, res.status >= 400 && res.status < 500]).toEqual([path, true]);
      expect(res.body).not.toContain('TOPSECRET');
      expect(res.body).not.toContain('root:');
    }
  });

  test('serves only image extensions and plain names', async () => {
    const dataDir = app.server.dataDir;
    await mkdir(join(dataDir, 'uploads', 'icons'), { recursive: true });
    await writeFile(join(dataDir, 'uploads', 'icons', 'page.html'), '<script>alert(1)</script>');
    await writeFile(join(dataDir, 'uploads', 'icons', '.hidden.png'), 'hidden');
    expect((await rawGet('/media/icons/page.html')).status).toBe(404);
    expect((await rawGet('/media/icons/.hidden.png')).status).toBe(404);
    expect((await rawGet('/media/icons/missing.webp')).status).toBe(404);
    expect((await rawGet('/media')).status).toBe(404);
    // The slash form redirects to the one form of every path (and that one is not found).
    expect((await rawGet('/media/')).status).toBe(301);
  });
});
