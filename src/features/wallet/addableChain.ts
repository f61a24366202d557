/**
 * What a wallet needs to switch to a chain, or add it (EIP-3085), asked of the site when a switch is about to be
 * requested (`GET /api/v1/chains`: the chain's coin, public RPC and explorer URLs) rather than sent with every page.
 */
import { api } from '~/client/siteApi';
import type { AddableChain } from './switchChain';

/**
 * The chain `chainId` as a wallet adds it.
 * @throws Error when the site does not run it
 */
export async function addableChain(chainId: number): Promise<AddableChain> {
  const { chains } = await api.get<{ chains: (Omit<AddableChain, 'chainName'> & { name: string })[] }>(
    '/api/v1/chains',
  );
  const chain = chains.find((candidate) => candidate.chainId === chainId);
  if (!chain) throw new Error(`Chain ${chainId} is not run here.`);
  const { nativeCurrency, rpcUrls, blockExplorerUrls } = chain;
  return { chainId, chainName: chain.name, nativeCurrency, rpcUrls, blockExplorerUrls };
}
