import type { Eip1193Provider } from './eip1193';
import { rpcErrorCode } from './eip1193';

/** What a wallet needs to add a chain it does not know (EIP-3085). */
export interface AddableChain {
  chainId: number;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: readonly string[];
  blockExplorerUrls: readonly string[];
}

/** Wallets answer 4902 when asked to switch to a chain they have not been told about. */
export const UNRECOGNIZED_CHAIN_CODE = 4902;

/** Chain ids the site itself asked the wallet for and whose `chainChanged` has not been seen yet. */
const requestedBySite = new Set<number>();

/**
 * Whether the wallet's move to `chainId` was asked for by the site (chain selector, a trade, the on-load
 * check) rather than made in the wallet; answers true once per request.
 */
export function takeSiteSwitch(chainId: number): boolean {
  return requestedBySite.delete(chainId);
}

/**
 * Asks the wallet to switch to a chain; a 4902 answer adds the chain instead (EIP-3085), any other
 * error is rethrown to the caller. @see spec §8 (Chain switch code 4902), EIP-3326
 */
export async function switchWalletChain(provider: Eip1193Provider, chain: AddableChain): Promise<void> {
  const chainId = `0x${chain.chainId.toString(16)}`;
  requestedBySite.add(chain.chainId);
  try {
    await requestSwitch(provider, chain, chainId);
  } catch (error) {
    requestedBySite.delete(chain.chainId);
    throw error;
  }
}

async function requestSwitch(provider: Eip1193Provider, chain: AddableChain, chainId: string): Promise<void> {
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if (rpcErrorCode(error) !== UNRECOGNIZED_CHAIN_CODE) throw error;
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: chain.chainName,
          nativeCurrency: chain.nativeCurrency,
          rpcUrls: [...chain.rpcUrls],
          blockExplorerUrls: chain.blockExplorerUrls.length ? [...chain.blockExplorerUrls] : undefined,
        },
      ],
    });
  }
}
