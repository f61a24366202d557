import {
  MAX_PROVIDER_EVENTS_BYTES,
  providerEventsSchema,
  providerEventsSecret,
  recordProviderEvents,
  verifyProviderSignature,
} from '~/features/notifications/mail/providerEvents.server';
import { HttpError, notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readLimited, validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';

/**
 * `POST /api/v1/email/events` (the mail provider's servers; no site headers: the signature is its check, see
 * src/server/middleware/apiGate.ts) -> `{ recorded }`, the addresses that will get no more mail.
 * 400 unsigned, wrongly signed, stale or not JSON; 404 when `MAIL_EVENTS_SECRET` is not set; 413 past 64 KB;
 * 422 a body of another shape. @see src/features/notifications/mail/providerEvents.server.ts
 */
export const POST = apiRoute(async (ctx) => {
  const secret = providerEventsSecret(serverSettings());
  if (!secret) throw notFound('Mail provider events are not configured');
  const raw = await readLimited(ctx.request, MAX_PROVIDER_EVENTS_BYTES);
  if (!verifyProviderSignature(secret, raw, ctx.request.headers.get('x-mail-signature'))) {
    throw new HttpError(400, 'Missing, wrong or stale X-Mail-Signature');
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
  const recorded = await recordProviderEvents(await database(), validate(providerEventsSchema, value));
  return json({ recorded });
});
