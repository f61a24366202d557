/**
 * The slice of EIP-1193 the site talks to before any wallet library loads.
 * @see https://eips.ethereum.org/EIPS/eip-1193
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

/** An error as wallets report it (`code` 4001 refusal, 4902 unknown chain ...). */
export interface ProviderRpcError extends Error {
  code?: number;
}

/** The legacy injected provider (`window.ethereum`), or null when no wallet is installed. */
export function getInjectedProvider(
  win: { ethereum?: unknown } = globalThis as { ethereum?: unknown },
): Eip1193Provider | null {
  const candidate = win.ethereum as Partial<Eip1193Provider> | undefined;
  return candidate && typeof candidate.request === 'function' ? (candidate as Eip1193Provider) : null;
}

/** Reads the `code` of a wallet error, when it has one. */
export function rpcErrorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}
