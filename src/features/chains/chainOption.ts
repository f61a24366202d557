import type { ChainKey } from './chainKey';
import type { Chain } from './chains';

/** What the browser needs of a chain: its label, icon and what a wallet needs to switch to or add it. */
export interface ChainOption {
  key: ChainKey;
  chainId: number;
  chainName: string;
  icon: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: readonly string[];
  blockExplorerUrls: readonly string[];
}

/**
 * Strips a configured chain down to what may be sent to the browser: public RPC URLs only (the server's may
 * carry API keys), no contracts.
 */
export function toChainOption(chain: Chain): ChainOption {
  return {
    key: chain.key,
    chainId: chain.chainId,
    chainName: chain.chainName,
    icon: chain.icon,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: [...chain.publicRpcUrls],
    blockExplorerUrls: [...chain.blockExplorerUrls],
  };
}

/** What a wallet needs to switch to (or add) a chain: a {@link ChainOption} without the site's key and icon. */
export type WalletChain = Omit<ChainOption, 'key' | 'icon'>;

/** The wallet-facing part of a configured chain (public data only). */
export function toWalletChain(chain: Chain): WalletChain {
  const { key: _key, icon: _icon, ...walletChain } = toChainOption(chain);
  return walletChain;
}
