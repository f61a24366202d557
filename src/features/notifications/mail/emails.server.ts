/**
 * A user's email address, double opt-in: adding (or changing) it stores it unconfirmed with a new random nonce
 * and queues a confirmation mail whose signed link names that nonce and a hash of the address; the link
 * confirms that address, added that time, and nothing else: not an address added after it was deleted, not the
 * same address added again. Only a confirmed address that has not bounced gets other mail. Confirmation mails are limited per user and per address, so
 * the form cannot be used to flood someone's mailbox. The address is shown to its owner only as masked text,
 * and never in a page or a public API.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '~/features/i18n/locales';
import { getT } from '~/features/i18n/t';
import { tooManyRequests } from '~/server/api/errors';
import { userEmails } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { hitRateLimit } from '~/server/rateLimit.server';
import { layoutMail } from './mailLayout';
import type { MailSettings } from './mailSettings.server';
import { dropQueuedMail, queueMail } from './outbox.server';
import { verifyToken } from './signedToken.server';
import { confirmSubject, confirmUrl } from './unsubscribeLink.server';

/** Confirmation mails one user may ask for per hour. */
export const CONFIRMATIONS_PER_HOUR = 3;
/** Confirmation mails one address may receive per day (whoever asks). */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 5;

/** Body of `POST /api/v1/email`. */
export const emailSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email({ error: 'must be an email address' }))
    .transform((value) => value.toLowerCase()),
});

/** What the owner sees of their address: masked, and whether it is confirmed. */
export interface EmailStatus {
  /** `a***@example.jp`, or null without an address. */
  masked: string | null;
  confirmed: boolean;
  bounced: boolean;
}

/** `alice@example.jp` -> `a***@example.jp`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** The owner's view of their address. */
export async function emailStatus(db: Database, userId: number): Promise<EmailStatus> {
  const [row] = await db.select().from(userEmails).where(eq(userEmails.userId, userId));
  return {
    masked: row ? maskEmail(row.email) : null,
    confirmed: Boolean(row?.confirmedAt),
    bounced: Boolean(row?.bouncedAt || row?.complainedAt),
  };
}

/** The confirmed, deliverable address of `userId` and its language, or undefined. */
export async function deliverableAddress(
  db: Database | Transaction,
  userId: number,
): Promise<{ email: string; locale: Locale } | undefined> {
  const [row] = await db.select().from(userEmails).where(eq(userEmails.userId, userId));
  if (!row?.confirmedAt || row.bouncedAt || row.complainedAt) return undefined;
  return { email: row.email, locale: row.locale === 'en' ? 'en' : 'ja' };
}

/**
 * Stores `email` for `userId` unconfirmed (a new nonce) and queues its confirmation mail in `locale`.
 * @throws HttpError 429 past {@link CONFIRMATIONS_PER_HOUR} or {@link CONFIRMATIONS_PER_ADDRESS_PER_DAY}
 */
export async function addEmail(
  db: Database,
  userId: number,
  email: string,
  locale: Locale,
  settings: MailSettings,
  now = new Date(),
): Promise<EmailStatus> {
  const mine = await hitRateLimit(db, `email-confirm:${userId}`, CONFIRMATIONS_PER_HOUR, 3600, now);
  if (!mine.allowed) throw tooManyRequests(mine.retryAfter);
  const theirs = await hitRateLimit(db, `email-confirm-to:${email}`, CONFIRMATIONS_PER_ADDRESS_PER_DAY, 86_400, now);
  if (!theirs.allowed) throw tooManyRequests(theirs.retryAfter);
  const nonce = randomBytes(18).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .insert(userEmails)
      .values({ userId, email, locale, nonce })
      .onConflictDoUpdate({
        target: userEmails.userId,
        set: { email, locale, nonce, confirmedAt: null, bouncedAt: null, complainedAt: null },
      });
    const t = getT(locale);
    const url = confirmUrl(settings, userId, { nonce, email }, now);
    const mail = layoutMail({
      lang: locale,
      subject: t('mail.confirm.subject'),
      blocks: [
        { text: t('mail.confirm.body') },
        { text: t('mail.confirm.link'), href: url },
        { text: t('mail.confirm.ignore') },
      ],
      siteName: t('site.name'),
      siteUrl: settings.siteUrl.toString(),
    });
    await queueMail(tx, { dedupeKey: `confirm:${nonce}`, userId, to: email, ...mail }, now);
  });
  return emailStatus(db, userId);
}

/**
 * Confirms the address a confirmation token names: only while the user's stored address is the one it was mailed
 * to, added that very time (the nonce); whether it did. A link of an older address, or of the same address added
 * before, confirms nothing.
 */
export async function confirmEmail(
  db: Database,
  token: string,
  settings: MailSettings,
  now = new Date(),
): Promise<boolean> {
  const claims = verifyToken(settings.secret, token, 'confirm', now);
  if (!claims) return false;
  const nonce = claims.subject.split(':')[0] ?? '';
  const [row] = await db
    .select({ email: userEmails.email })
    .from(userEmails)
    .where(and(eq(userEmails.userId, claims.userId), eq(userEmails.nonce, nonce)));
  if (!row || confirmSubject(nonce, row.email) !== claims.subject) return false;
  const rows = await db
    .update(userEmails)
    .set({ confirmedAt: sql`coalesce(${userEmails.confirmedAt}, ${now})` })
    .where(and(eq(userEmails.userId, claims.userId), eq(userEmails.nonce, nonce), eq(userEmails.email, row.email)))
    .returning({ userId: userEmails.userId });
  return rows.length > 0;
}

/** Deletes the user's address (their queued mail to it goes too). */
export async function deleteEmail(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await dropQueuedMail(tx, userId);
    await tx.delete(userEmails).where(eq(userEmails.userId, userId));
  });
}
