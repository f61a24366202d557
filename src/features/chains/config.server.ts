import { CHAIN_ENV } from 'astro:env/server';
import { loadChainConfig } from './chainConfig';
import type { Chain } from './chains';

let cached: readonly Chain[] | undefined;

/**
 * The chains this server runs against, for the environment named by `CHAIN_ENV` (local by default).
 * Deployed addresses and RPC URLs of a local chain are merged in by the chain issue's deploy step.
 */
export function serverChains(): readonly Chain[] {
  cached ??= loadChainConfig(CHAIN_ENV);
  return cached;
}
