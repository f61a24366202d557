/**
 * Bounces and complaints reported by the mail provider: its servers post them, signed, to
 * `POST /api/v1/email/events`. The signature is Stripe's scheme with our secret: the header
 * `X-Mail-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under MAIL_EVENTS_SECRET>`, refused
 * five minutes after `t`. The body is `{"events": [{"type": "bounce" | "complaint", "email": "..."}]}` (at most 100),
 * the shape a provider's webhook is mapped to by a few lines of its own configuration or relay
 * (docs/operations.md, mail). A reported address gets no more mail until its user adds an address again.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '~/server/db/types';
import type { Settings } from '~/server/settings/schema';
import { MIN_MAIL_SECRET } from './mailSettings.server';
import { recordReportedAddress } from './outbox.server';

/** Largest accepted body. */
export const MAX_PROVIDER_EVENTS_BYTES = 64 * 1024;
/** How old a signature may be. */
export const SIGNATURE_TOLERANCE_S = 300;

/** The secret of the provider's webhook, or undefined when it is not configured (the endpoint answers 404). */
export function providerEventsSecret(settings: Pick<Settings, 'MAIL_EVENTS_SECRET'>): string | undefined {
  const secret = settings.MAIL_EVENTS_SECRET ?? '';
  return secret.length >= MIN_MAIL_SECRET ? secret : undefined;
}

/** The signature header of `raw` at `t` (unix seconds): what the provider sends, and what the tests make. */
export function signProviderEvents(secret: string, raw: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
}

/** Whether `header` signs `raw` under `secret`, at most {@link SIGNATURE_TOLERANCE_S} old (or ahead). */
export function verifyProviderSignature(secret: string, raw: string, header: string | null, now = new Date()): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(t) || Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S) return false;
  const expected = signProviderEvents(secret, raw, t).split('v1=')[1] ?? '';
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The body's shape. */
export const providerEventsSchema = z
  .object({
    events: z
      .array(z.object({ type: z.enum(['bounce', 'complaint']), email: z.string().trim().min(3).max(320) }).strict())
      .min(1)
      .max(100),
  })
  .strict();

/** Records each reported address; answers how many addresses of users changed (a repeated report: 0). */
export async function recordProviderEvents(
  db: Database,
  body: z.output<typeof providerEventsSchema>,
  now = new Date(),
): Promise<number> {
  let recorded = 0;
  for (const event of body.events) recorded += await recordReportedAddress(db, event.email, event.type, now);
  return recorded;
}
