/**
 * Messages from the contact page: validated, limited per IP address, checked against reCAPTCHA when
 * the server has a secret for it, and stored open for the team to answer.
 *
 * @see docs/product-spec.md §2 (/contact), §8 (Captcha)
 */
import { z } from 'zod';
import { asLocale, type Locale } from '~/features/i18n/locales';
import { tooManyRequests } from '~/server/api/errors';
import { contactMessages } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { hitRateLimit } from '~/server/rateLimit.server';
import { CONTACT_FIELDS, CONTACT_PROBLEM_TEXT, contactProblems } from './contactRules';
import { type RecaptchaConfig, verifyRecaptcha } from './recaptcha.server';

/** Messages one IP address may send per hour. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

const text = (max: number) => z.string().max(max * 4, 'is too long');

/**
 * Body of `POST /api/v1/contact`: `name`, `email`, `body` required, `subject` optional (the rules of
 * {@link contactProblems}), `captcha_token` when the server asks for a captcha, `locale` of the page.
 */
export const contactRequestSchema = z
  .object({
    name: text(100),
    email: text(254),
    subject: text(200).nullish(),
    body: text(5000),
    captcha_token: z.string().max(10_000).optional(),
    locale: z.string().max(8).optional(),
  })
  .superRefine((value, ctx) => {
    const problems = contactProblems({ ...value, subject: value.subject ?? '' });
    for (const field of CONTACT_FIELDS) {
      const problem = problems[field];
      if (problem) ctx.addIssue({ code: 'custom', path: [field], message: CONTACT_PROBLEM_TEXT[problem] });
    }
  })
  .transform((value) => ({
    name: value.name.trim(),
    email: value.email.trim(),
    subject: value.subject?.trim() || null,
    body: value.body.trim(),
    captchaToken: value.captcha_token,
    locale: asLocale(value.locale) ?? null,
  }));

/** A validated contact message. */
export type ContactRequest = z.output<typeof contactRequestSchema>;

/** Who sends: the IP address (rate limit, captcha) and the signed-in user, if any. */
export interface ContactSender {
  ip: string;
  userId: number | null;
  /** The locale of the page, when the body did not say. */
  locale: Locale;
}

/**
 * Stores a contact message with status `open`.
 * @throws HttpError 429 (Retry-After) past {@link CONTACT_MESSAGES_PER_HOUR} messages from one IP this
 *   hour; 422 or 502 from the captcha check when `captcha.secret` is set.
 */
export async function submitContactMessage(
  db: Database,
  message: ContactRequest,
  sender: ContactSender,
  captcha: RecaptchaConfig,
): Promise<{ id: number }> {
  const limit = await hitRateLimit(db, `contact:ip:${sender.ip}`, CONTACT_MESSAGES_PER_HOUR, 3600);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter, 'You have sent too many messages. Try again later.');
  if (captcha.secret) {
    await verifyRecaptcha(message.captchaToken, {
      secret: captcha.secret,
      verifyUrl: captcha.verifyUrl,
      remoteIp: sender.ip,
    });
  }
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: message.name,
      email: message.email,
      subject: message.subject,
      body: message.body,
      locale: message.locale ?? sender.locale,
      userId: sender.userId,
      status: 'open',
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('the contact message was not stored');
  return { id: row.id };
}
