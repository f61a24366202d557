/**
 * Reads chain config overrides (RPC URLs, contract addresses) from the environment, for a local deploy
 * (the deploy script writes a file) or a test (a server pointed at its own anvil or at a closed port).
 *
 * @see ./chainConfig.ts `loadChainConfig(env, overrides)`, `chainOverridesSchema`
 * @see docs/product-spec.md §3 "Chain config per environment"
 */
import { readFileSync } from 'node:fs';
import type { Settings } from '~/server/settings/schema';
import { type ChainOverrides, parseChainOverrides } from './chainConfig';
import { CHAIN_KEYS } from './chainKey';

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * The chain overrides named by `CHAIN_CONFIG_FILE` and `CHAIN_OVERRIDES_JSON` (the inline JSON wins,
 * per chain and per field), validated; `undefined` when neither is set.
 *
 * @example CHAIN_OVERRIDES_JSON='{"ETH":{"rpcUrls":["http://127.0.0.1:9545"]}}'
 * @throws Error naming the variable when the file cannot be read, the JSON is malformed or a field is
 *   invalid, so a bad deploy fails at start-up instead of at the first chain call.
 */
export function readChainOverrides(
  settings: Pick<Settings, 'CHAIN_CONFIG_FILE' | 'CHAIN_OVERRIDES_JSON'>,
): ChainOverrides | undefined {
  const file = settings.CHAIN_CONFIG_FILE;
  const inline = settings.CHAIN_OVERRIDES_JSON;
  if (!file && !inline) return undefined;

  let fromFile: ChainOverrides = {};
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`CHAIN_CONFIG_FILE ${file} cannot be read: ${(error as Error).message}`);
    }
    fromFile = parseChainOverrides(parseJson(text, `CHAIN_CONFIG_FILE ${file}`));
  }
  const fromEnv = inline ? parseChainOverrides(parseJson(inline, 'CHAIN_OVERRIDES_JSON')) : {};

  const merged: Record<string, unknown> = {};
  for (const key of CHAIN_KEYS) {
    const base = fromFile[key];
    const over = fromEnv[key];
    if (base === undefined && over === undefined) continue;
    const contracts = base?.contracts || over?.contracts ? { ...base?.contracts, ...over?.contracts } : undefined;
    merged[key] = { ...base, ...over, ...(contracts ? { contracts } : {}) };
  }
  return parseChainOverrides(merged);
}
