/**
 * The chains this server (or the standalone indexer) runs against: the environment named by `CHAIN_ENV`
 * (local by default) with the overrides of `CHAIN_CONFIG_FILE` / `CHAIN_OVERRIDES_JSON` merged in, or, for
 * the local environment without either, the file `npm start` writes after deploying to its anvils
 * (`DATA_DIR/local-chains.json`).
 *
 * `CHAIN_ENV` is read at run time from the server's settings (../../server/settings), not through `astro:env`:
 * Astro inlines public server variables into the build, so a server built once could not be pointed at another
 * environment.
 *
 * @see ./chainConfig.ts `loadChainConfig`, ./overrides.server.ts `readChainOverrides`
 * @see docs/product-spec.md §3 "Chain config per environment"
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Settings } from '~/server/settings/schema';
import { serverSettings } from '~/server/settings/settings.server';
import { type ChainEnvironment, loadChainConfig } from './chainConfig';
import type { Chain } from './chains';
import { readChainOverrides } from './overrides.server';

/** Name of the file of local chain URLs and contract addresses, inside `DATA_DIR`. */
export const LOCAL_CHAINS_FILE = 'local-chains.json';

/** The settings {@link chainsFromSettings} reads. */
export type ServerChainsSettings = Pick<
  Settings,
  'CHAIN_ENV' | 'CHAIN_CONFIG_FILE' | 'CHAIN_OVERRIDES_JSON' | 'DATA_DIR'
>;

/** Path of the local chains file for a data folder (`./data` by default). */
export function localChainsFilePath(settings: Pick<Settings, 'DATA_DIR'>): string {
  return resolve(settings.DATA_DIR, LOCAL_CHAINS_FILE);
}

/** Whether chain overrides are configured explicitly (a file or inline JSON). */
export function hasExplicitChainOverrides(settings: ServerChainsSettings): boolean {
  return Boolean(settings.CHAIN_CONFIG_FILE || settings.CHAIN_OVERRIDES_JSON);
}

/**
 * The chains for an environment block: `CHAIN_ENV` (unset = local), explicit overrides when given, else for
 * the local environment the local chains file when it exists.
 * @throws Error for invalid overrides, so a bad deploy fails at start-up.
 */
export function chainsFromSettings(settings: ServerChainsSettings): readonly Chain[] {
  const environment: ChainEnvironment = settings.CHAIN_ENV;
  if (hasExplicitChainOverrides(settings)) return loadChainConfig(environment, readChainOverrides(settings));
  const localFile = localChainsFilePath(settings);
  if (environment === 'local' && existsSync(localFile)) {
    return loadChainConfig(
      environment,
      readChainOverrides({ CHAIN_CONFIG_FILE: localFile, CHAIN_OVERRIDES_JSON: undefined }),
    );
  }
  return loadChainConfig(environment);
}

/** The environment this process runs in (`CHAIN_ENV`, local by default). */
export function serverEnvironment(settings: Pick<Settings, 'CHAIN_ENV'>): ChainEnvironment {
  return settings.CHAIN_ENV;
}

let cached: readonly Chain[] | undefined;

/** The chains this server runs against, read once from the server's settings (see {@link chainsFromSettings}). */
export function serverChains(): readonly Chain[] {
  cached ??= chainsFromSettings(serverSettings());
  return cached;
}
