/**
 * The public catalogue: pages that are the same bytes for every visitor (of a locale), kept by the route
 * cache. Their requests skip the session lookup: what is personal on them (who is signed in, "this card is
 * yours", flash messages) is filled in by the browser after load.
 */

/** Locale-neutral paths of the public catalogue. */
const PUBLIC_PATHS = [
  /^\/$/,
  /^\/(market|browse-category|rankings|terms|privacy|transaction-act)\/?$/,
  /^\/(tokens|nfts|collection|creator|profile-creators|search)(\/.*)?$/,
  /^\/user\/[^/]+\/?$/,
  /^\/(og|ipfs)\//,
];

/** Whether a locale-neutral path is a public catalogue page (see the module comment). */
export function isPublicPage(path: string): boolean {
  return PUBLIC_PATHS.some((pattern) => pattern.test(path));
}
