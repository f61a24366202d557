/**
 * Mail end to end on real parts: a real SMTP server (`smtp-server`) started here receives what the outbox
 * sends through nodemailer, and `mailparser` reads it as a mail client would: the confirmation link (double
 * opt-in), a notification's HTML and text parts, its RFC 8058 unsubscribe headers and the signed link working
 * (and a forged one not), an SMTP outage then recovery (nothing lost, each mail once, even with two senders at
 * once), and a refused address recorded as bounced.
 */
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { serverSettings } from '~/server/settings/settings.server.ts';
import { notifyWallet } from '../notify.server.ts';
import { addEmail, CONFIRMATIONS_PER_HOUR, confirmEmail, emailStatus } from './emails.server.ts';
import { type MailSettings, mailSettings } from './mailSettings.server.ts';
import { backoffMs, sendDueMails } from './outbox.server.ts';
import { getPreferences, setPreferences, unsubscribe } from './preferences.server.ts';
import { verifyToken } from './signedToken.server.ts';
import { smtpSender } from './smtpSender.server.ts';

const SITE = 'https://kirafuda.example';
const received: ParsedMail[] = [];
let refuse = new Set<string>();
let smtp: SMTPServer | undefined;
let port = 0;
const database = fileTestDatabase();
let settings: MailSettings;
let user: { id: number; wallet: string };
const saved = { ...process.env };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the SMTP server on `port` (again, after an outage). */
async function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp?.listen(port, '127.0.0.1', resolve));
}

async function stopSmtp(): Promise<void> {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  smtp = undefined;
}

beforeAll(async () => {
  port = await freePort();
  await startSmtp();
  // The server's settings, read once from here on: a notification queues its mail with them.
  Object.assign(process.env, {
    SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    MAIL_FROM: 'Kirafuda <no-reply@kirafuda.example>',
    MAIL_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
    PUBLIC_SITE_URL: SITE,
  });
  const found = mailSettings(serverSettings());
  if (!found) throw new Error('mail settings not read');
  settings = found;
  await seedDemo(database.db);
  const { rows } = await database.db.execute<{ id: unknown; wallet_address: string }>(
    sql`select id, wallet_address from users where role = 'user' order by id limit 1`,
  );
  user = { id: Number(rows[0]?.id), wallet: String(rows[0]?.wallet_address) };
}, 60_000);

afterAll(async () => {
  process.env = saved;
  await stopSmtp();
});

/** Sends what is due through a fresh SMTP connection. */
async function flush(now = new Date()) {
  const sender = smtpSender(settings);
  try {
    return await sendDueMails(database.db, sender.send, now);
  } finally {
    sender.close();
  }
}

const linkIn = (text: string | undefined, path: string) =>
  text?.match(new RegExp(`${SITE}${path.replaceAll('/', '\\/')}\\?token=[A-Za-z0-9_.-]+`))?.[0];

describe('an email address', () => {
  it('is confirmed by the signed link its confirmation mail carries, and only then gets mail', async () => {
    const status = await addEmail(database.db, user.id, 'alice@example.jp', 'ja', settings);
    expect(status).toEqual({ masked: 'a***@example.jp', confirmed: false, bounced: false });
    expect(await flush()).toEqual({ sent: 1, failed: 0 });
    const mail = received.at(-1);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('alice@example.jp');
    expect(mail?.subject).toBe('Kirafuda：メールアドレスの確認');
    const link = linkIn(mail?.text, '/api/v1/email/confirm');
    expect(link).toBeDefined();
    expect(mail?.html).toContain(String(link).replaceAll('&', '&amp;'));
    const token = new URL(String(link)).searchParams.get('token') ?? '';
    expect(await confirmEmail(database.db, `${token}x`, settings)).toBe(false);
    expect(await confirmEmail(database.db, token, settings)).toBe(true);
    expect((await emailStatus(database.db, user.id)).confirmed).toBe(true);
  });

  it('limits confirmation mails, so the form cannot flood a mailbox', async () => {
    const { rows } = await database.db.execute<{ id: unknown }>(
      sql`select id from users where role = 'user' order by id offset 1 limit 1`,
    );
    const other = Number(rows[0]?.id);
    for (let i = 0; i < CONFIRMATIONS_PER_HOUR; i += 1) {
      await addEmail(database.db, other, `bob${i}@example.jp`, 'en', settings);
    }
    await expect(addEmail(database.db, other, 'bob@example.jp', 'en', settings)).rejects.toMatchObject({ status: 429 });
    await flush();
  });
});

describe('a notification by email', () => {
  it('has an HTML and a text part, links to the canonical site, and a one-click unsubscribe that works', async () => {
    await setPreferences(database.db, user.id, { card_sold: 'email' });
    received.length = 0;
    await notifyWallet(database.db, user.wallet, {
      kind: 'card_sold',
      eventKey: 'listing:mail-1',
      params: { card: 'Blue <Dragon>', chainId: 31337, contract: `0x${'1'.repeat(40)}`, tokenId: '5' },
    });
    expect(await flush()).toEqual({ sent: 1, failed: 0 });
    const [mail] = received;
    expect(mail?.subject).toBe('「Blue <Dragon>」が売れました。');
    expect(mail?.text).toContain(`${SITE}/tokens/31337/0x${'1'.repeat(40)}/5`);
    expect(mail?.html).toContain('Blue &lt;Dragon&gt;');
    expect(mail?.html).toContain(`href="${SITE}/tokens/31337/0x${'1'.repeat(40)}/5"`);
    // The raw header lines, as a mail provider reads them (mailparser folds List-* headers into one object).
    const header = (name: string) =>
      mail?.headerLines
        .find((line) => line.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r\n\s*/g, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = String(header('list-unsubscribe')).replace(/^<|>$/g, '');
    expect(url.startsWith(`${SITE}/api/v1/unsubscribe?token=`)).toBe(true);
    expect(mail?.text).toContain(url);
    expect(mail?.messageId).toMatch(/^<outbox-\d+@kirafuda\.example>$/);

    const token = new URL(url).searchParams.get('token') ?? '';
    const forged = `${token.slice(0, -2)}AA`;
    expect(verifyToken(settings.secret, forged, 'unsubscribe')).toBeNull();
    expect(verifyToken('another-secret-another-secret-0123', token, 'unsubscribe')).toBeNull();
    expect(verifyToken(settings.secret, token, 'confirm')).toBeNull();
    const claims = verifyToken(settings.secret, token, 'unsubscribe');
    expect(claims).toMatchObject({ userId: user.id, subject: 'card_sold' });
    await unsubscribe(database.db, user.id, String(claims?.subject));
    expect((await getPreferences(database.db, user.id)).card_sold).toBe('in_app');

    // Unsubscribed: the next one stays in the app.
    await notifyWallet(database.db, user.wallet, {
      kind: 'card_sold',
      eventKey: 'listing:mail-2',
      params: { card: 'x' },
    });
    expect(await flush()).toEqual({ sent: 0, failed: 0 });
  });
});

describe('the outbox', () => {
  it('keeps mail through an SMTP outage and sends each mail once when the server is back, however many senders', async () => {
    // A kind told once per event (offers are gathered: several in a few minutes are one mail).
    await setPreferences(database.db, user.id, { offer_accepted: 'email' });
    received.length = 0;
    await stopSmtp();
    for (let i = 0; i < 3; i += 1) {
      await notifyWallet(database.db, user.wallet, {
        kind: 'offer_accepted',
        eventKey: `offer:outage-${i}`,
        params: { card: `Card ${i}` },
      });
    }
    const start = new Date();
    expect(await flush(start)).toEqual({ sent: 0, failed: 3 });
    // Not due again before its backoff.
    expect(await flush(new Date(start.getTime() + 1_000))).toEqual({ sent: 0, failed: 0 });
    await startSmtp();
    const later = new Date(start.getTime() + backoffMs(1) + 1_000);
    const results = await Promise.all([flush(later), flush(later)]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(3);
    expect(await flush(new Date(later.getTime() + 3600_000))).toEqual({ sent: 0, failed: 0 });
    expect(received.map((mail) => mail.subject).sort()).toEqual(
      [0, 1, 2].map((i) => `「Card ${i}」へのオファーが承諾されました。`).sort(),
    );
  });

  it('records a refused address as bounced and sends it nothing more', async () => {
    refuse = new Set(['alice@example.jp']);
    await notifyWallet(database.db, user.wallet, {
      kind: 'offer_accepted',
      eventKey: 'offer:bounce',
      params: { card: 'x' },
    });
    expect(await flush()).toEqual({ sent: 0, failed: 1 });
    expect((await emailStatus(database.db, user.id)).bounced).toBe(true);
    const { rows } = await database.db.execute<{ failed: boolean }>(
      sql`select failed_at is not null as failed from mail_outbox order by id desc limit 1`,
    );
    expect(rows[0]?.failed).toBe(true);
    await notifyWallet(database.db, user.wallet, {
      kind: 'offer_accepted',
      eventKey: 'offer:after',
      params: { card: 'y' },
    });
    expect(await flush(new Date(Date.now() + 86_400_000))).toEqual({ sent: 0, failed: 0 });
    refuse = new Set();
  });
});
