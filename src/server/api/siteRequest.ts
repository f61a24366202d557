/**
 * Requests from the site carry fixed custom headers (spec §7): `X-Requested-With: XMLHttpRequest` and
 * the shared key `X-Api-Key`. A state-changing request without them, or from a foreign Origin, is
 * refused (CSRF): browsers never send custom headers cross-site without a CORS preflight we do not grant.
 */
export const REQUESTED_WITH = 'XMLHttpRequest';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a method changes nothing (reads are never gated). */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

/**
 * Why a request is not accepted as coming from the site, or null when it is. `origins` are the origins the
 * site answers as (the configured ones and the one this request reached).
 */
export function siteRequestProblem(request: Request, origins: ReadonlySet<string>, apiKey: string): string | null {
  if (isSafeMethod(request.method)) return null;
  if (request.headers.get('x-requested-with') !== REQUESTED_WITH)
    return 'Missing header X-Requested-With: XMLHttpRequest';
  if (request.headers.get('x-api-key') !== apiKey) return 'Missing or wrong X-Api-Key header';
  const origin = request.headers.get('origin');
  if (origin !== null && !origins.has(origin)) return `Requests from ${origin} are not accepted`;
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return 'Cross-site requests are not accepted';
  return null;
}

/**
 * The exact media type of a `Content-Type` header (`type/subtype`, lower case, parameters dropped), or ''
 * when there is none. `text/plain; x=application/json` is `text/plain`.
 */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
