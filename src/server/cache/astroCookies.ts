/**
 * The cookies Astro will write on a response. Pages and middleware set them through `Astro.cookies`, and
 * Astro keeps them on the Response object (under `Symbol.for('astro.cookies')`, read by adapters through
 * `App.getSetCookieFromResponse`), not in its headers, until the adapter writes the answer. A response
 * rebuilt here (compressed, or answered from the cache) must carry them over, and a page that sets one is
 * personal, so it is not stored.
 */
const COOKIES = Symbol.for('astro.cookies');

interface OutgoingCookies {
  headers(): Iterable<string>;
}

/** Whether Astro will set a cookie with `response`. */
export function setsCookies(response: Response): boolean {
  if (response.headers.has('set-cookie')) return true;
  const cookies = Reflect.get(response, COOKIES) as OutgoingCookies | undefined;
  if (!cookies) return false;
  for (const _ of cookies.headers()) return true;
  return false;
}

/** Moves the cookies Astro holds for `from` onto `to`, and answers `to`. */
export function carryCookies(from: Response, to: Response): Response {
  const cookies = Reflect.get(from, COOKIES);
  if (cookies !== undefined) Reflect.set(to, COOKIES, cookies);
  return to;
}
