/**
 * Headers every response carries. Astro writes the page's hashed script/style policy into the
 * Content-Security-Policy header; `frame-ancestors` (and the other document-wide directives) are
 * added to that same policy, or make up the policy of responses Astro did not render (redirects, API).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** Directives added to every Content-Security-Policy when the policy lacks them. */
export const BASE_CSP_DIRECTIVES = ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"] as const;

/** Adds the base directives to a policy (or makes a policy of them), keeping what it already says. */
export function mergeCsp(existing: string | null): string {
  const policy = (existing ?? '').trim().replace(/;\s*$/, '');
  const present = new Set(policy.split(';').map((part) => part.trim().split(/\s+/)[0]?.toLowerCase()));
  const missing = BASE_CSP_DIRECTIVES.filter((directive) => !present.has(directive.split(' ')[0]));
  return [policy, ...missing].filter(Boolean).join('; ');
}

function apply(headers: Headers): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  headers.set('Content-Security-Policy', mergeCsp(headers.get('Content-Security-Policy')));
}

/** Adds the security headers to a response, copying it first when its headers are immutable. */
export function withSecurityHeaders(response: Response): Response {
  try {
    apply(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}
