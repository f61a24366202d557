import { createHash, randomBytes } from 'node:crypto';

/** A new random token (256 bits, base64url): access and refresh tokens are opaque. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256 (a leaked table does not leak sessions). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
