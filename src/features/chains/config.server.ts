/**
 * The chains this server (or the standalone indexer) runs against: the environment named by `CHAIN_ENV`
 * (local by default) with the overrides of `CHAIN_CONFIG_FILE` / `CHAIN_OVERRIDES_JSON` merged in, or, for
 * the local environment without either, the file `npm start` writes after deploying to its anvils
 * (`DATA_DIR/local-chains.json`).
 *
 * `CHAIN_ENV` is read from `process.env` at run time, not through `astro:env`: Astro inlines public server
 * variables into the build, so a server built once could not be pointed at another environment.
 *
 * @see ./chainConfig.ts `loadChainConfig`, ./overrides.server.ts `readChainOverrides`
 * @see docs/product-spec.md §3 "Chain config per environment"
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ChainEnvironment, loadChainConfig, resolveEnvironment } from './chainConfig';
import type { Chain } from './chains';
import { readChainOverrides } from './overrides.server';

/** Name of the file of local chain URLs and contract addresses, inside `DATA_DIR`. */
export const LOCAL_CHAINS_FILE = 'local-chains.json';

/** The variables {@link chainsFromEnv} reads. */
export interface ServerChainsEnv {
  CHAIN_ENV?: string | undefined;
  CHAIN_CONFIG_FILE?: string | undefined;
  CHAIN_OVERRIDES_JSON?: string | undefined;
  DATA_DIR?: string | undefined;
}

/** Path of the local chains file for a data folder (`./data` by default). */
export function localChainsFilePath(env: Pick<ServerChainsEnv, 'DATA_DIR'> = process.env): string {
  return resolve(env.DATA_DIR || './data', LOCAL_CHAINS_FILE);
}

/** Whether chain overrides are configured explicitly (a file or inline JSON). */
export function hasExplicitChainOverrides(env: ServerChainsEnv = process.env): boolean {
  return Boolean(env.CHAIN_CONFIG_FILE?.trim() || env.CHAIN_OVERRIDES_JSON?.trim());
}

/**
 * The chains for an environment block: `CHAIN_ENV` (unset = local), explicit overrides when given, else for
 * the local environment the local chains file when it exists.
 * @throws Error for an unknown `CHAIN_ENV` or invalid overrides, so a bad deploy fails at start-up.
 */
export function chainsFromEnv(env: ServerChainsEnv = process.env): readonly Chain[] {
  const environment: ChainEnvironment = resolveEnvironment(env.CHAIN_ENV);
  if (hasExplicitChainOverrides(env)) return loadChainConfig(environment, readChainOverrides(env));
  const localFile = localChainsFilePath(env);
  if (environment === 'local' && existsSync(localFile)) {
    return loadChainConfig(environment, readChainOverrides({ CHAIN_CONFIG_FILE: localFile }));
  }
  return loadChainConfig(environment);
}

/** The environment this process runs in (`CHAIN_ENV`, local by default). */
export function serverEnvironment(env: ServerChainsEnv = process.env): ChainEnvironment {
  return resolveEnvironment(env.CHAIN_ENV);
}

let cached: readonly Chain[] | undefined;

/** The chains this server runs against, read once from `process.env` (see {@link chainsFromEnv}). */
export function serverChains(): readonly Chain[] {
  cached ??= chainsFromEnv(process.env);
  return cached;
}
