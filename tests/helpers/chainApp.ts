/**
 * The marketplace the way `npm start` runs it, for browser tests of the trading flows: the demo catalogue
 * in a fresh database, a local anvil chain (Ethereum, chain id 1, on a free port) with the contracts
 * deployed and the catalogue's Ethereum cards minted to their owners and listed with real signatures, and
 * the production server pointed at that chain with its indexer on.
 *
 * @see ./server.ts, ../../src/dev/localchain/localChain.server.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalChain, seedLocalChain, startLocalChain } from '../../src/dev/localchain/localChain.server.ts';
import { seedDemo } from '../../src/dev/seed/demo.ts';
import type { Chain } from '../../src/features/chains/chains.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { freePort, type RunningServer, SHORT_LIVED_NODE_ARGS, startServer } from './server.ts';

/** A running chain-backed marketplace. */
export interface ChainApp {
  /** Base URL of the server (no trailing slash). */
  url: string;
  /** The Ethereum chain as the server sees it (RPC URL and contract addresses). */
  chain: Chain;
  rpcUrl: string;
  stop: () => Promise<void>;
}

/** Starts database, chain and server (about 10 s); `stop()` ends all three. */
export async function startChainApp(options: { env?: Record<string, string> } = {}): Promise<ChainApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kirafuda-chainapp-'));
  let database: TestDatabase | undefined;
  let local: LocalChain | undefined;
  let server: RunningServer | undefined;
  const stop = async () => {
    await server?.stop();
    await local?.stop();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    database = await createTestDatabase();
    await seedDemo(database.db);
    local = await startLocalChain({
      dataDir,
      only: ['ETH'],
      ports: { ETH: await freePort() },
      log: () => {},
    });
    await seedLocalChain(database.db, local.chains, () => {});
    const chain = local.chains[0];
    const rpcUrl = chain?.rpcUrls[0];
    if (!chain || !rpcUrl) throw new Error('the local chain has no Ethereum node');
    // A PGlite folder is open in one process only: the server opens it next (tests read through the site).
    await database.disconnect();
    server = await startServer({
      nodeArgs: SHORT_LIVED_NODE_ARGS,
      env: {
        ...database.env,
        CHAIN_ENV: 'local',
        CHAIN_CONFIG_FILE: local.file,
        INDEXER: 'on',
        INDEXER_POLL_MS: '100',
        ...options.env,
      },
    });
    return { url: server.url, chain, rpcUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
