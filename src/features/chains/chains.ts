/**
 * The blockchain networks Kirafuda trades on, and lookups over a configured list.
 * The list itself comes from {@link ./chainConfig.ts} per environment; this file
 * holds what is the same everywhere.
 * @see docs/product-spec.md §3 "Blockchain network", "Chain config per environment"; §5; §9
 */
import type { Address } from '~/lib/addresses';
import { UNKNOWN_CHAIN } from '~/lib/errors';

import { CHAIN_KEYS, type ChainKey, isChainKey } from './chainKey';

export { CHAIN_KEYS, type ChainKey, isChainKey };

/** Lower-case chain name per key. @see spec §3 */
export const CHAIN_NAMES = {
  ETH: 'ethereum',
  BSC: 'bsc',
  KLAYTN: 'klaytn',
  POLYGON: 'polygon',
} as const satisfies Record<ChainKey, string>;

/** A supported chain's lower-case name. @see spec §3 */
export type ChainName = (typeof CHAIN_NAMES)[ChainKey];

/** Icon file of each chain, served from `public/`. @see spec §3 */
export const CHAIN_ICONS = {
  ETH: '/images/chains/eth.svg',
  BSC: '/images/chains/bsc.svg',
  KLAYTN: '/images/chains/klaytn.svg',
  POLYGON: '/images/chains/polygon.svg',
} as const satisfies Record<ChainKey, string>;

/** Default current chain in global state. @see spec §3, §9 */
export const DEFAULT_CHAIN_KEY: ChainKey = 'ETH';
/** Default network of the chain module, also the fallback of unknown lookups. @see spec §5, §9 */
export const DEFAULT_NETWORK_KEY: ChainKey = 'POLYGON';
/** Default network id in global state. @see spec §3, §9 */
export const DEFAULT_NETWORK_ID = 1;

/** The native coin as `wallet_addEthereumChain` (EIP-3085) expects it. */
export interface NativeCurrency {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: 18;
}

/** The platform's contracts on one chain. @see spec §3 */
export interface ChainContracts {
  /** Seaport 1.6, the exchange that settles listings. */
  readonly exchange: Address;
  readonly market: Address;
  /** The ATEM ERC-20 token. */
  readonly atem: Address;
  readonly payment: Address;
  /**
   * The Kirafuda zone (`contracts/KirafudaZone.sol`): every order the site makes or accepts is restricted to it;
   * the undeployed placeholder where it is not deployed (trading is then closed).
   */
  readonly zone: Address;
}

/** One configured chain. @see spec §3 "Chain config per environment" */
export interface Chain {
  readonly key: ChainKey;
  readonly name: ChainName;
  readonly chainId: number;
  /** `chainId` as the wallet RPC methods want it, e.g. `'0x89'`. */
  readonly chainIdHex: `0x${string}`;
  /** Human name, also sent to the wallet when the chain is added. */
  readonly chainName: string;
  readonly nativeCurrency: NativeCurrency;
  /** The server's RPC URLs (may carry API keys): never sent to a browser. */
  readonly rpcUrls: readonly string[];
  /** RPC URLs a visitor's wallet may be given (to add the chain): public endpoints only. */
  readonly publicRpcUrls: readonly string[];
  /** May be empty (local anvil has no explorer). */
  readonly blockExplorerUrls: readonly string[];
  readonly icon: string;
  readonly contracts: ChainContracts;
}

/**
 * Whether a chain id is a test network; ids not listed are unknown.
 * @see spec §3 "an isTestnet map by chain id", §9
 */
export const IS_TESTNET: Readonly<Record<number, boolean>> = {
  1: false,
  5: true,
  56: false,
  97: true,
  137: false,
  1001: true,
  8217: false,
  80001: true,
  80002: true,
  11155111: true,
};

/**
 * Whether a chain id is a test network. Unknown ids count as not testnets.
 * Note the local environment runs the production ids on anvil, so they read
 * as mainnets here, as the spec's map says.
 * @see spec §9
 */
export function isTestnet(chainId: number): boolean {
  return IS_TESTNET[chainId] ?? false;
}

/** A chain id as wallets and URLs hand it over: a number, decimal or `0x` hex text, or a bigint. */
export type ChainIdInput = number | string | bigint;

/**
 * Reads a chain id, or `undefined` if it is not a positive safe integer
 * (the original numeric check never rejected anything; this one does).
 * @see spec §5
 */
export function parseChainId(value: ChainIdInput): number | undefined {
  let id: number;
  if (typeof value === 'number') id = value;
  else if (typeof value === 'bigint') id = Number(value);
  else {
    const text = value.trim();
    if (/^0x[0-9a-fA-F]+$/.test(text)) id = Number.parseInt(text.slice(2), 16);
    else if (/^\d+$/.test(text)) id = Number(text);
    else return undefined;
  }
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function fallbackChain(chains: readonly Chain[]): Chain {
  console.log(UNKNOWN_CHAIN);
  const polygon = chains.find((chain) => chain.key === DEFAULT_NETWORK_KEY);
  if (polygon === undefined) throw new Error('Chain list has no Polygon entry to fall back to');
  return polygon;
}

/**
 * The configured chain with this id. An unknown id logs "not match any chain id"
 * and gives Polygon, as the original did.
 * @see spec §5, §8 "Unknown chain"
 */
export function findChainById(chains: readonly Chain[], id: ChainIdInput): Chain {
  const chainId = parseChainId(id);
  return chains.find((chain) => chain.chainId === chainId) ?? fallbackChain(chains);
}

/**
 * The configured chain with this name (`'polygon'`) or key (`'POLYGON'`), any case.
 * Unknown or missing values log "not match any chain id" and give Polygon.
 * @see spec §5
 */
export function findChainByName(chains: readonly Chain[], nameOrKey: string | null | undefined): Chain {
  const wanted = nameOrKey?.trim().toLowerCase();
  return chains.find((chain) => chain.name === wanted || chain.key.toLowerCase() === wanted) ?? fallbackChain(chains);
}

/**
 * Whether the id is one of the configured chains; chain switching accepts only these.
 * @see spec §5 "Chain switching accepts only the four known chain ids"
 */
export function isSupportedChainId(chains: readonly Chain[], id: ChainIdInput): boolean {
  const chainId = parseChainId(id);
  return chainId !== undefined && chains.some((chain) => chain.chainId === chainId);
}
