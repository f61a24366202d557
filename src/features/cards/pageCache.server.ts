/**
 * Cache-Control of the public catalogue pages (rendered on demand). A visitor without a session gets
 * a page a shared cache may keep for 30 s and serve stale for 60 s more while it refreshes
 * (reservoir's token-page policy); anyone else gets `private, no-store`, because the header then
 * carries their name, a one-time message or a fresh cookie:
 * - a user or admin session cookie (the page shows who is signed in),
 * - the one-time `flash` cookie (the page shows the message and clears the cookie),
 * - a non-blank `?chain_id=` (the middleware answers with a `currentChain` cookie).
 * A page whose data failed to load is never shared either: the next request should try again.
 *
 * @see /work/shared/CONVENTIONS.md "What not to copy" (token page caching)
 */
import { SESSION_COOKIES } from '../session/cookies.server';

/** Shared-cacheable policy of an anonymous catalogue page. */
export const PUBLIC_PAGE_CACHE = 'public, s-maxage=30, stale-while-revalidate=60';
/** Policy of a page that is someone's own or failed to load. */
export const PRIVATE_PAGE_CACHE = 'private, no-store';

/** Cookies that make a page personal. */
export const PERSONAL_COOKIES: readonly string[] = [
  ...Object.values(SESSION_COOKIES).flatMap((kind) => [kind.access, kind.refresh]),
  'flash',
];

/** What decides the policy. */
export interface PageCacheInput {
  /** Whether the request carries a cookie of this name. */
  hasCookie: (name: string) => boolean;
  url: URL;
  /** Whether some data of the page failed to load (an error state is shown). */
  failed?: boolean;
}

/** The Cache-Control value of a catalogue page (see the module comment). */
export function pageCacheControl({ hasCookie, url, failed = false }: PageCacheInput): string {
  const setsChain = (url.searchParams.get('chain_id') ?? '') !== '';
  if (failed || setsChain || PERSONAL_COOKIES.some(hasCookie)) return PRIVATE_PAGE_CACHE;
  return PUBLIC_PAGE_CACHE;
}
