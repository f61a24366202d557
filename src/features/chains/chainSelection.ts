import type { ChainKey } from './chainKey';
import { type Chain, findChainById } from './chains';

/**
 * Chooses the current chain for a navigation: a `chain_id` query parameter first (an unknown id falls
 * back to Polygon, as every chain lookup does), then the `currentChain` cookie, then Ethereum.
 * @see docs/product-spec.md §4 (Current chain), §5
 */
export function selectChainKey(
  chains: readonly Chain[],
  queryChainId: string | null,
  cookieValue: string | undefined,
): { key: ChainKey; fromQuery: boolean } {
  if (queryChainId !== null && queryChainId !== '') {
    return { key: findChainById(chains, queryChainId).key, fromQuery: true };
  }
  if (cookieValue) {
    const match = chains.find((chain) => chain.key === cookieValue || chain.name === cookieValue.toLowerCase());
    if (match) return { key: match.key, fromQuery: false };
  }
  return { key: 'ETH', fromQuery: false };
}

/**
 * The current chain object of a navigation or API call ({@link selectChainKey}'s choice), or the first
 * configured chain when this deployment does not run the chosen network.
 */
export function selectChain(
  chains: readonly Chain[],
  queryChainId: string | null,
  cookieValue: string | undefined,
): { chain: Chain; fromQuery: boolean } {
  const { key, fromQuery } = selectChainKey(chains, queryChainId, cookieValue);
  const chain = chains.find((c) => c.key === key) ?? chains[0];
  if (!chain) throw new Error('no chain is configured');
  return { chain, fromQuery };
}
