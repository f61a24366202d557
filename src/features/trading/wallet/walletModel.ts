/**
 * Pure parts of the wallet side every trading act shares: which wallet to talk to, the 5 gwei gas floor on
 * the transactions it sends, and the explorer link of a transaction. No wallet library here, so the islands
 * import it statically and keep viem out of the page's initial JavaScript.
 *
 * @see docs/product-spec.md §5 (gas floor)
 */

/** The wallet to use: the first EIP-6963 announced one, else `window.ethereum`. */
export function pickProvider<P>(announced: readonly { provider: P }[], injected: P | null): P | null {
  return announced[0]?.provider ?? injected;
}

/** Minimum gas price (5 gwei) as the hex quantity wallets read. @see spec §5 */
const MIN_GAS_PRICE = 5_000_000_000n;

/**
 * Applies the 5 gwei floor to an `eth_sendTransaction` request: a `gasPrice` or `maxFeePerGas` below the
 * floor is raised; a request with neither gets `gasPrice` = max(network price, floor).
 * @see spec §5 "Gas price is floored at 5 gwei"
 */
export function withGasFloor(tx: Record<string, unknown>, networkGasPrice: bigint): Record<string, unknown> {
  const floor = (value: bigint) => `0x${(value < MIN_GAS_PRICE ? MIN_GAS_PRICE : value).toString(16)}`;
  const read = (value: unknown): bigint | undefined =>
    typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : undefined;
  const gasPrice = read(tx['gasPrice']);
  const maxFee = read(tx['maxFeePerGas']);
  if (gasPrice !== undefined) return { ...tx, gasPrice: floor(gasPrice) };
  if (maxFee !== undefined) return { ...tx, maxFeePerGas: floor(maxFee) };
  return { ...tx, gasPrice: floor(networkGasPrice) };
}

/** The explorer page of a transaction, or null when the chain has no explorer. */
export function explorerTxUrl(explorers: readonly string[], hash: string): string | null {
  const base = explorers[0];
  return base ? `${base.replace(/\/+$/, '')}/tx/${hash}` : null;
}
