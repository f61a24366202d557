/**
 * The links a mail carries back to the site: one-click unsubscribe (`/api/v1/unsubscribe?token=`, RFC 8058)
 * and address confirmation (`/api/v1/email/confirm?token=`), each signed (./signedToken.server.ts), absolute
 * to the canonical origin.
 */
import { createHash } from 'node:crypto';
import type { MailSettings } from './mailSettings.server';
import { signToken } from './signedToken.server';

/** How long a confirmation link works. */
export const CONFIRM_TTL_SECONDS = 3 * 86_400;

/** The unsubscribe URL of `kind` (or `all`) for `userId`; it does not expire. */
export function unsubscribeUrl(settings: MailSettings, userId: number, kind: string): string {
  const token = signToken(settings.secret, { purpose: 'unsubscribe', userId, subject: kind, expires: 0 });
  return new URL(`/api/v1/unsubscribe?token=${token}`, settings.siteUrl).toString();
}

/**
 * The confirmation URL of the address `email` of `userId`, added with `nonce`: the token names both, so it confirms
 * that address as that one addition and nothing else (./emails.server.ts `confirmEmail`).
 */
export function confirmUrl(
  settings: MailSettings,
  userId: number,
  confirmation: { nonce: string; email: string },
  now = new Date(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + CONFIRM_TTL_SECONDS;
  const subject = confirmSubject(confirmation.nonce, confirmation.email);
  const token = signToken(settings.secret, { purpose: 'confirm', userId, subject, expires });
  return new URL(`/api/v1/email/confirm?token=${token}`, settings.siteUrl).toString();
}

/** What a confirmation token signs: the addition's nonce and a hash of the address (never the address itself). */
export function confirmSubject(nonce: string, email: string): string {
  return `${nonce}:${createHash('sha256').update(email.toLowerCase()).digest('base64url')}`;
}
