/**
 * Whether this deployment sends mail, and how: `SMTP_URL` (nodemailer's connection URL, e.g.
 * `smtps://user:pass@smtp.example.jp:465`), `MAIL_FROM` (the From address) and `MAIL_SECRET` (at least 32
 * characters: the HMAC key of the links in mails, unsubscribe and address confirmation). Without all three,
 * notifications stay in the app. Read from the server's settings at run time; never sent to a page.
 *
 * @see ../../../../docs/operations.md (mail)
 */
import { siteOrigins } from '~/server/http/site';
import type { Settings } from '~/server/settings/schema';

/** The mail settings of a deployment that sends mail. */
export interface MailSettings {
  smtpUrl: string;
  from: string;
  secret: string;
  /** The canonical origin every link in a mail points to (`PUBLIC_SITE_URL`). */
  siteUrl: URL;
}

/** The settings read here. */
export type MailVariables = Pick<
  Settings,
  'SMTP_URL' | 'MAIL_FROM' | 'MAIL_SECRET' | 'PUBLIC_SITE_URL' | 'ALLOWED_HOSTS'
>;

/** Shortest accepted `MAIL_SECRET`. */
export const MIN_MAIL_SECRET = 32;

/** The settings, or undefined when mail is off (see the module comment). */
export function mailSettings(settings: MailVariables): MailSettings | undefined {
  const smtpUrl = settings.SMTP_URL;
  const from = settings.MAIL_FROM;
  const secret = settings.MAIL_SECRET ?? '';
  if (!smtpUrl || !from) return undefined;
  if (secret.length < MIN_MAIL_SECRET) {
    console.warn(`[mail] SMTP_URL is set but MAIL_SECRET is shorter than ${MIN_MAIL_SECRET} characters: mail is off`);
    return undefined;
  }
  return { smtpUrl, from, secret, siteUrl: siteOrigins(settings).canonical };
}
