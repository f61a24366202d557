/**
 * One form of every path, site-wide: without a trailing slash (but `/` itself). A request for the other form
 * is redirected before anything else looks at it, 301 for GET and HEAD and 308 (method and body kept) for the
 * others, with its query. Leading slashes collapse to one, so `//host/` never becomes a protocol-relative
 * `Location`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where a request target with a trailing slash belongs (`/market/?page=2` -> `/market?page=2`), or null. */
export function withoutTrailingSlash(target: string): string | null {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (path.length <= 1 || !path.endsWith('/')) return null;
  const trimmed = `/${path.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  return trimmed + (queryAt === -1 ? '' : target.slice(queryAt));
}

/** Answers the redirect when the request's path ends with a slash; false leaves the request to the others. */
export function redirectTrailingSlash(req: IncomingMessage, res: ServerResponse): boolean {
  const location = withoutTrailingSlash(req.url ?? '/');
  if (location === null) return false;
  const status = req.method === 'GET' || req.method === 'HEAD' ? 301 : 308;
  res.writeHead(status, { Location: location, 'Content-Length': '0', 'Cache-Control': 'public, max-age=3600' });
  res.end();
  return true;
}
