/**
 * Shared set-up of the admin API suites: a server on the demo data, and clients signed in as the demo
 * admin, the demo illustrator, a new wallet user, or nobody. Also a multipart upload the way the
 * browser's FormData sends it.
 */
import sharp from 'sharp';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { DEMO_ADMIN, DEMO_ILLUSTRATOR, seedDemo } from '../../src/dev/seed/demo.ts';
import { API_KEY, type ApiClient, type App, startApp } from '../helpers/api.ts';
import { walletSignIn } from './signIn.ts';

/** A built server on a fresh database holding the demo data. */
export function startDemoApp(): Promise<App> {
  return startApp({ seed: async (db) => void (await seedDemo(db)) });
}

/** A client signed in as the demo admin. */
export async function adminClient(app: App): Promise<ApiClient> {
  const client = app.client();
  const res = await client.post('/api/v1/admin_session', DEMO_ADMIN);
  expect(res.status).toBe(200);
  return client;
}

/** A client signed in as the demo illustrator (id and password). */
export async function illustratorClient(app: App): Promise<ApiClient> {
  const client = app.client();
  const res = await client.post('/api/v1/illustrator_session', DEMO_ILLUSTRATOR);
  expect(res.status).toBe(200);
  return client;
}

/** A client signed in with a new wallet, and that wallet's address (lower-case). */
export async function walletClient(app: App): Promise<{ client: ApiClient; address: string; id: number }> {
  const client = app.client();
  const account = privateKeyToAccount(generatePrivateKey());
  const res = await walletSignIn(client, account);
  expect(res.status).toBe(200);
  const me = await client.get<{ currentUser: { id: number } }>('/api/v1/current_user');
  return { client, address: account.address.toLowerCase(), id: me.body.currentUser.id };
}

/** A 300x200 PNG. */
export function pngImage(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

/** Posts `bytes` as multipart field `field` to `path`, with the site's headers and the client's cookies. */
export async function uploadFile(
  app: App,
  client: ApiClient,
  path: string,
  field: string,
  bytes: Uint8Array,
  type = 'image/png',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'upload.png');
  const response = await fetch(new URL(path, app.url), {
    method: 'POST',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'x-api-key': API_KEY,
      origin: app.url,
      ...(client.cookies.size > 0 ? { cookie: client.cookieHeader() } : {}),
    },
    body: form,
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}
