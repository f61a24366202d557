/**
 * The four chains the marketplace trades on, by their short key.
 * Kept in its own tiny file so stores and islands can name a chain without loading chain config.
 * @see spec §3 "Blockchain network"
 */
export type ChainKey = 'ETH' | 'BSC' | 'KLAYTN' | 'POLYGON';

/**
 * Every chain key, in the order the spec lists supported networks (Ethereum, BNB Chain, Klaytn, Polygon).
 * @see spec §9 "supported networks in order"
 */
export const CHAIN_KEYS = ['ETH', 'BSC', 'KLAYTN', 'POLYGON'] as const satisfies readonly ChainKey[];

/**
 * Narrows an untrusted string (cookie, query parameter) to a chain key.
 * @see spec §4 "Current chain is stored in a cookie named currentChain"
 */
export function isChainKey(value: unknown): value is ChainKey {
  return typeof value === 'string' && (CHAIN_KEYS as readonly string[]).includes(value);
}

/** Chain ids of the four networks in every environment (mainnets and their test networks). @see spec §9 */
const CHAIN_KEY_BY_ID: Readonly<Record<number, ChainKey>> = {
  1: 'ETH',
  11155111: 'ETH',
  56: 'BSC',
  97: 'BSC',
  8217: 'KLAYTN',
  1001: 'KLAYTN',
  137: 'POLYGON',
  80001: 'POLYGON',
  80002: 'POLYGON',
};

/**
 * The network a chain id belongs to, or undefined for an id of none of them: a label even for chains this
 * deployment does not configure.
 */
export function chainKeyOfId(chainId: number): ChainKey | undefined {
  return CHAIN_KEY_BY_ID[chainId];
}
