/**
 * How the admin screens write amounts, chains and dates. Pure.
 *
 * @see docs/product-spec.md §9 (dates in Asia/Tokyo, price formats)
 */

import { formatDate } from '~/lib/dates';

/** A chain the server runs, as pages pass it to the screens. */
export interface ChainChoice {
  chainId: number;
  chainName: string;
}

/** A chain's name when the server runs it, with its id (`'Polygon (137)'`), else the id alone. */
export function chainLabel(chainId: number | null, chains: readonly ChainChoice[]): string {
  if (chainId === null) return '—';
  const chain = chains.find((entry) => entry.chainId === chainId);
  return chain ? `${chain.chainName} (${chainId})` : String(chainId);
}

/** A date in Japan time, or a dash for none. */
export function formatWhen(iso: string | null): string {
  return iso ? formatDate(iso) : '—';
}
