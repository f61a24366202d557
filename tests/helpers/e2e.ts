/**
 * Small conveniences for e2e test files: the shared server's URL and absolute page URLs.
 *
 * @see tests/helpers/global-setup.ts
 */
import { inject } from 'vitest';

/** Base URL of the production server started once for the whole e2e run (no trailing slash). */
export function baseUrl(): string {
  return inject('baseUrl');
}

/** Absolute URL of `path` (which starts with `/`) on the shared server. */
export function pageUrl(path: string): string {
  return new URL(path, `${baseUrl()}/`).href;
}
