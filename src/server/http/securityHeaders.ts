/**
 * Headers every response carries. Script and style sources are set by Astro's hashed CSP <meta>;
 * `frame-ancestors` only works as a header, so this policy adds it (browsers enforce both policies).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** Adds the security headers to a response, copying it first when its headers are immutable. */
export function withSecurityHeaders(response: Response): Response {
  let target = response;
  try {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) target.headers.set(name, value);
  } catch {
    target = new Response(response.body, response);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) target.headers.set(name, value);
  }
  return target;
}
