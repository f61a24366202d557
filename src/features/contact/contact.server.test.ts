/**
 * Contact messages against a real database. Google's siteverify cannot be reached from here, so the
 * captcha tests point the verify URL at a local HTTP server that answers as Google does; that URL is
 * the only thing replaced.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { HttpError } from '~/server/api/errors';
import { contactMessages, rateLimitBuckets } from '~/server/db/schema';
import { loadSettings } from '~/server/settings/settings.server';
import { CONTACT_MESSAGES_PER_HOUR, contactRequestSchema, submitContactMessage } from './contact.server';
import { RECAPTCHA_VERIFY_URL, recaptchaConfig } from './recaptcha.server';

const database = fileTestDatabase();
let stub: Server;
let stubUrl: string;
/** What the stub answers next: a status and a JSON body. */
let answer: { status: number; body: unknown } = { status: 200, body: { success: true } };
const received: URLSearchParams[] = [];

beforeAll(async () => {
  stub = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => {
      received.push(new URLSearchParams(text));
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((done) => stub.listen(0, '127.0.0.1', done));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/recaptcha/api/siteverify`;
}, 60_000);

afterAll(async () => {
  await new Promise((done) => stub?.close(done));
}, 60_000);

beforeEach(async () => {
  await database.db.delete(rateLimitBuckets);
  await database.db.delete(contactMessages);
  received.length = 0;
  answer = { status: 200, body: { success: true } };
});

const message = (extra: Record<string, unknown> = {}) =>
  contactRequestSchema.parse({
    name: '  山田 花子 ',
    email: 'hanako@example.jp',
    subject: '',
    body: '出金について質問があります。',
    ...extra,
  });
const sender = { ip: '203.0.113.7', userId: null, locale: 'ja' as const };
const noCaptcha = { secret: undefined, verifyUrl: RECAPTCHA_VERIFY_URL };

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 201;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

describe('contactRequestSchema', () => {
  it('names every field that is wrong', () => {
    const result = contactRequestSchema.safeParse({ name: '', email: 'nope', body: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name', 'email', 'body']);
  });

  it('trims the fields, keeps an empty subject as none and reads the locale', () => {
    expect(message({ locale: 'en' })).toMatchObject({ name: '山田 花子', subject: null, locale: 'en' });
    expect(message({ locale: 'fr' }).locale).toBeNull();
  });
});

describe('submitContactMessage', { timeout: 30_000 }, () => {
  it('stores the message as open, with the page locale when the body names none', async () => {
    const { id } = await submitContactMessage(database.db, message(), sender, noCaptcha);
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: '山田 花子',
      email: 'hanako@example.jp',
      subject: null,
      status: 'open',
      locale: 'ja',
    });
    expect(received).toHaveLength(0);
  });

  it(`refuses the message after ${CONTACT_MESSAGES_PER_HOUR} from one IP address in an hour, but not from another`, async () => {
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) {
      expect(await statusOf(submitContactMessage(database.db, message(), sender, noCaptcha))).toBe(201);
    }
    expect(await statusOf(submitContactMessage(database.db, message(), sender, noCaptcha))).toBe(429);
    expect(
      await statusOf(submitContactMessage(database.db, message(), { ...sender, ip: '203.0.113.8' }, noCaptcha)),
    ).toBe(201);
    expect(await database.db.select().from(contactMessages)).toHaveLength(CONTACT_MESSAGES_PER_HOUR + 1);
  });
});

describe('with a reCAPTCHA secret configured', { timeout: 30_000 }, () => {
  const captcha = () =>
    recaptchaConfig(loadSettings({ RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_VERIFY_URL: stubUrl }));

  it('sends the token, the secret and the IP address to siteverify and stores the message it accepts', async () => {
    await submitContactMessage(database.db, message({ captcha_token: 'token-1' }), sender, captcha());
    expect(received).toHaveLength(1);
    expect(Object.fromEntries(received[0] ?? [])).toEqual({
      secret: 'test-secret',
      response: 'token-1',
      remoteip: '203.0.113.7',
    });
    expect(await database.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('refuses a message without a token without asking Google', async () => {
    expect(await statusOf(submitContactMessage(database.db, message(), sender, captcha()))).toBe(422);
    expect(received).toHaveLength(0);
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('refuses a token siteverify rejects', async () => {
    answer = { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } };
    expect(
      await statusOf(submitContactMessage(database.db, message({ captcha_token: 'bad' }), sender, captcha())),
    ).toBe(422);
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('answers 502 and stores nothing when siteverify fails', async () => {
    answer = { status: 500, body: {} };
    expect(await statusOf(submitContactMessage(database.db, message({ captcha_token: 't' }), sender, captcha()))).toBe(
      502,
    );
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
  });
});

describe('recaptchaConfig', () => {
  it('asks for no captcha without a secret and uses Google by default', () => {
    expect(recaptchaConfig(loadSettings({ RECAPTCHA_SECRET: '' }))).toEqual({
      secret: undefined,
      verifyUrl: RECAPTCHA_VERIFY_URL,
    });
  });
});
