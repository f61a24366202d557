/**
 * A `?redirect=` value the site may follow: a path on this site only. Refused (null): anything with a
 * scheme or host (`https://evil.com`, `//evil.com`), backslashes (`/\evil.com`, which browsers read as
 * `//`), control characters or whitespace, and paths that leave the origin once resolved.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\\\u0000-\u0020\u007f]/.test(value)) return null;
  const base = 'https://same.invalid';
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
