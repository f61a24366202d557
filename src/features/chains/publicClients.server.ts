/**
 * Read-only viem clients for the configured chains, one per chain and RPC list per process, a short
 * cache for their answers, and the classification of what went wrong when a chain call fails (the RPC,
 * or the contract).
 *
 * @see docs/product-spec.md §3 "Chain config per environment", §7 (chain read calls)
 * @see https://viem.sh/docs/clients/public
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  defineChain,
  fallback,
  HttpRequestError,
  http,
  type PublicClient,
  RpcRequestError,
  SocketClosedError,
  TimeoutError,
  type Transport,
  WebSocketRequestError,
  webSocket,
} from 'viem';
import type { Chain } from './chains';

/** How long one RPC request may take before the chain counts as not answering. */
export const RPC_TIMEOUT_MS = 3_000;
/** Most JSON-RPC calls sent in one HTTP batch (public RPCs refuse large batches). */
export const RPC_BATCH_SIZE = 20;

/** The viem chain definition of a configured chain (id, name, native coin, RPC URLs). */
export function toViemChain(chain: Chain) {
  const httpUrls = chain.rpcUrls.filter((url) => /^https?:/i.test(url));
  const wsUrls = chain.rpcUrls.filter((url) => /^wss?:/i.test(url));
  const explorer = chain.blockExplorerUrls[0];
  return defineChain({
    id: chain.chainId,
    name: chain.chainName,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: httpUrls, ...(wsUrls.length > 0 ? { webSocket: wsUrls } : {}) } },
    ...(explorer ? { blockExplorers: { default: { name: chain.chainName, url: explorer } } } : {}),
  });
}

/** One transport per URL: HTTP(S) with batching, or WebSocket; no retries, {@link RPC_TIMEOUT_MS} each. */
function transportFor(url: string): Transport {
  if (/^wss?:/i.test(url)) return webSocket(url, { timeout: RPC_TIMEOUT_MS, retryCount: 0 });
  return http(url, { timeout: RPC_TIMEOUT_MS, retryCount: 0, batch: { batchSize: RPC_BATCH_SIZE, wait: 0 } });
}

const clients = new Map<string, PublicClient>();

/**
 * The public (read-only) client of a chain, made once per chain id and RPC URL list and then reused,
 * so HTTP connections and batching are shared by every request of this process. Several RPC URLs are
 * tried in order (viem `fallback`).
 */
export function publicClientFor(chain: Chain): PublicClient {
  const key = `${chain.chainId}|${chain.rpcUrls.join(' ')}`;
  let client = clients.get(key);
  if (client === undefined) {
    const transports = chain.rpcUrls.map(transportFor);
    const [only] = transports;
    if (only === undefined) throw new Error(`Chain ${chain.key} has no RPC URL`);
    client = createPublicClient({
      chain: toViemChain(chain),
      transport: transports.length === 1 ? only : fallback(transports, { retryCount: 0 }),
    }) as PublicClient;
    clients.set(key, client);
  }
  return client;
}

/**
 * What a failed chain call says about its cause:
 * - `reverted`: the contract ran and refused (e.g. ERC-721 `ownerOf` of a token that does not exist);
 * - `no-data`: nothing answered the function at that address (no contract, or not that interface);
 * - `unreachable`: the RPC did not answer (connection refused, timeout, socket closed);
 * - `rpc-error`: the RPC answered with an error of its own (HTTP status, JSON-RPC error, rate limit);
 * - `unknown`: anything else (a bug).
 */
export type ChainCallFailure = 'reverted' | 'no-data' | 'unreachable' | 'rpc-error' | 'unknown';

/** Classifies an error thrown by a viem read. @see {@link ChainCallFailure} */
export function classifyChainError(error: unknown): ChainCallFailure {
  if (!(error instanceof BaseError)) return 'unknown';
  if (error.walk((e) => e instanceof ContractFunctionRevertedError)) return 'reverted';
  if (error.walk((e) => e instanceof ContractFunctionZeroDataError)) return 'no-data';
  const unreachable = error.walk(
    (e) =>
      e instanceof TimeoutError ||
      e instanceof SocketClosedError ||
      e instanceof WebSocketRequestError ||
      (e instanceof HttpRequestError && e.status === undefined),
  );
  if (unreachable) return 'unreachable';
  if (error.walk((e) => e instanceof HttpRequestError || e instanceof RpcRequestError)) return 'rpc-error';
  return 'unknown';
}

/** How long a chain read is reused. */
export const CHAIN_READ_TTL_MS = 10_000;

/**
 * A small time-limited cache of pending or settled reads, keyed by chain and call. Concurrent requests
 * for the same key share one RPC call; failures are forgotten at once so the next request tries again;
 * past `maxEntries` the oldest entry goes.
 */
export class ReadCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = CHAIN_READ_TTL_MS,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value of `key`, or the result of `load()` (then kept for the TTL). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expires > this.now()) return hit.value as Promise<T>;
    this.entries.delete(key);
    const value = load();
    this.entries.set(key, { expires: this.now() + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** Forgets everything (tests). */
  clear(): void {
    this.entries.clear();
  }
}
