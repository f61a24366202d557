/**
 * Reads which project an admin URL names: the contract address of the path (`/categories/{address}`)
 * and, when that contract is a project on several chains, `?chain_id=`. Pure.
 */

import { chainIdParam } from '~/features/chains/params';
import { addressSchema } from '~/lib/addresses';

/** The project key of a path parameter and query, or null when the address or chain id is malformed. */
export function parseCategoryKey(
  address: string | undefined,
  url: URL,
): { contractAddress: string; chainId?: number } | null {
  const contract = addressSchema.safeParse(address ?? '');
  if (!contract.success) return null;
  const rawChain = url.searchParams.get('chain_id');
  if (rawChain === null || rawChain === '') return { contractAddress: contract.data };
  const chain = chainIdParam.safeParse(rawChain);
  return chain.success ? { contractAddress: contract.data, chainId: chain.data } : null;
}
