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
