/**
 * `POST /api/v1/contact` over real HTTP, with the server's reCAPTCHA secret set. Google's siteverify
 * cannot be reached from here, so `RECAPTCHA_VERIFY_URL` points the server at a stub HTTP server in
 * this process that answers as Google does; that URL is the only thing replaced. The contact page
 * without a captcha is covered by tests/e2e/content.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, startApp } from '../helpers/api.ts';

let app: App;
let stub: Server;
/** Tokens the stub accepts; every request it receives. */
const goodTokens = new Set(['good-token']);
const received: URLSearchParams[] = [];

beforeAll(async () => {
  stub = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      const success = form.get('secret') === 'server-secret' && goodTokens.has(form.get('response') ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((done) => stub.listen(0, '127.0.0.1', done));
  const port = (stub.address() as AddressInfo).port;
  app = await startApp({
    env: {
      RECAPTCHA_SECRET: 'server-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await new Promise((done) => stub?.close(done));
});

const message = {
  name: '山田 花子',
  email: 'hanako@example.jp',
  subject: '出金について',
  body: '承認後いつ届きますか？',
};

describe('POST /api/v1/contact with a captcha configured', () => {
  test('names every field that is wrong (422), before asking Google anything', async () => {
    const res = await app.client().post('/api/v1/contact', { name: '', email: 'hanako', body: '' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('name: must not be empty; email: must be an e-mail address; body: must not be empty');
    expect(received).toHaveLength(0);
  });

  test('refuses a message without a captcha token or with one siteverify rejects', async () => {
    const missing = await app.client().post('/api/v1/contact', message);
    expect(missing.status).toBe(422);
    expect(missing.body.message).toMatch(/^captcha:/);
    const rejected = await app.client().post('/api/v1/contact', { ...message, captcha_token: 'forged' });
    expect(rejected.status).toBe(422);
    expect(received.map((form) => form.get('response'))).toEqual(['forged']);
  });

  test('stores a message with a good token (201 with its id) and passes the secret and the IP along', async () => {
    const res = await app.client().post('/api/v1/contact', { ...message, captcha_token: 'good-token', locale: 'en' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    expect(Object.fromEntries(received.at(-1) ?? [])).toEqual({
      secret: 'server-secret',
      response: 'good-token',
      remoteip: '127.0.0.1',
    });
  });

  test('needs the site headers like every state-changing call (403 without them)', async () => {
    const res = await app.client().post('/api/v1/contact', message, { siteHeaders: false });
    expect(res.status).toBe(403);
  });

  test('answers 429 with Retry-After once an IP address has sent 5 messages this hour', async () => {
    const client = app.client();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await client.post('/api/v1/contact', { ...message, captcha_token: 'good-token' })).status);
    }
    const refused = await client.post('/api/v1/contact', { ...message, captcha_token: 'good-token' });
    // Earlier tests in this file already used 3 of the 5 (two refused captchas and one message count too).
    expect(statuses.slice(0, 2)).toEqual([201, 201]);
    expect(statuses.slice(2)).toEqual([429, 429]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
