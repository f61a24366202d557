/**
 * `DATA_DIR/local-chains.json`: the RPC URLs and contract addresses of the local anvil chains, in the chain
 * overrides format (`chainOverridesSchema`), written by `npm start` after deploying and read by the server
 * (`CHAIN_CONFIG_FILE`, or the local fallback of `chainsFromSettings`) and by the next start (to reuse the
 * contracts when the chain kept its state).
 *
 * @see ../../features/chains/chainConfig.ts, ../../features/chains/config.server.ts
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { type ChainOverrides, parseChainOverrides } from '~/features/chains/chainConfig';

/** The overrides in `file`, or undefined when it is missing or not valid (it is then written anew). */
export function readLocalChainsFile(file: string): ChainOverrides | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return parseChainOverrides(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    console.warn(`[localchain] ${file} is not valid, deploying again: ${(error as Error).message}`);
    return undefined;
  }
}

/** Writes the overrides to `file` (through a temporary file, so a reader never sees half of it). */
export function writeLocalChainsFile(file: string, overrides: ChainOverrides): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(parseChainOverrides(overrides), null, 2)}\n`);
  renameSync(temporary, file);
}
