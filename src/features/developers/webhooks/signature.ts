/**
 * Standard Webhooks 1.0 signatures: the signed content is `{webhook-id}.{webhook-timestamp}.{body}`, signed with
 * HMAC-SHA256 under the secret's bytes (the base64 after `whsec_`), sent as `v1,{base64}`; during a rotation's
 * grace period both secrets sign, the signatures separated by a space, so a receiver holding either verifies.
 *
 * @see https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
 */
import { createHmac, randomBytes } from 'node:crypto';

/** The prefix of a webhook secret. */
export const SECRET_PREFIX = 'whsec_';

/** A new secret: 32 random bytes, base64, after `whsec_` (the spec asks for 24 to 64 bytes). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** One signature of the content under `secret`. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery, signed with every secret given (the current one first). */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Kirafuda-Webhooks/1.0',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => sign(secret, id, timestamp, body)).join(' '),
  };
}
