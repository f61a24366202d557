/**
 * How an API key looks: `kf_{12 hex}_{43 base64url}`: `kf_` says whose key it is (so secret scanners can find a
 * leaked one), the 12 hex digits are its public prefix (how it is found, shown in lists), the rest a 32-byte
 * random secret. Pure: the server and the tests share it.
 *
 * @see ../../../../docs/developers.md (keys)
 */

/**
 * The request header that carries a key: `Authorization: Bearer kf_…` (RFC 6750). Not `X-Api-Key`, which the
 * site's own pages send with its public key for the CSRF gate (src/server/api/siteRequest.ts).
 */
export const API_KEY_HEADER = 'authorization';

/** The key in an `Authorization` header's value, or undefined when it carries none (another scheme). */
export function bearerKey(value: string | null): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return match?.[1];
}

const KEY_PATTERN = /^kf_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** A key's public prefix, or undefined when `text` is not shaped like a key. */
export function keyPrefix(text: string): string | undefined {
  return KEY_PATTERN.exec(text)?.[1];
}

/** Whether `text` is shaped like a key. */
export function isKeyShaped(text: string): boolean {
  return KEY_PATTERN.test(text);
}

/** A key from its parts (hex prefix, base64url secret). */
export function formatKey(prefix: string, secret: string): string {
  return `kf_${prefix}_${secret}`;
}
