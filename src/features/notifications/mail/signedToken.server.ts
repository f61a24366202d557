/**
 * Signed tokens for the links in mails: what the link may do (`unsubscribe` from one kind or all, `confirm`
 * one addition of an address), for whom, until when, and an HMAC-SHA256 of it all under `MAIL_SECRET`, so
 * nobody can make a link for another user or another purpose. base64url, safe in a URL.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token allows. */
export interface TokenClaims {
  purpose: 'unsubscribe' | 'confirm';
  userId: number;
  /** The kind to unsubscribe from (`all` for every mail), or the address addition to confirm (`nonce:hash`). */
  subject: string;
  /** Unix seconds after which the token is refused (0: never). */
  expires: number;
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** A token carrying `claims`. */
export function signToken(secret: string, claims: TokenClaims): string {
  const body = Buffer.from(
    JSON.stringify([claims.purpose, claims.userId, claims.subject, claims.expires]),
    'utf8',
  ).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The claims of a genuine, unexpired token for `purpose`, or null. */
export function verifyToken(
  secret: string,
  token: string,
  purpose: TokenClaims['purpose'],
  now = new Date(),
): TokenClaims | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [kind, userId, subject, expires] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    if (kind !== purpose || !Number.isSafeInteger(userId) || typeof subject !== 'string') return null;
    if (typeof expires !== 'number' || (expires !== 0 && expires < now.getTime() / 1000)) return null;
    return { purpose, userId: userId as number, subject, expires };
  } catch {
    return null;
  }
}
