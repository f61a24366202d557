/**
 * The local chain of `npm start` when no chain is configured: four anvil nodes on loopback, one per
 * production chain id (Ethereum 1, BNB Chain 56, Klaytn 8217, Polygon 137) on ports 8545..8548, each with
 * its state in `DATA_DIR/local-chain/` so a restart keeps contracts, cards and listings. The platform
 * contracts are deployed where they are missing and their addresses written to `DATA_DIR/local-chains.json`;
 * then the catalogue is put on chain (cards minted to their owners, listings signed for real).
 *
 * Every step checks what is there first, so a warm start only starts the nodes and reads.
 *
 * @see ./anvilNode.server.ts, ./deployment.server.ts, ./demoCards.server.ts, ./demoListings.server.ts
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ChainOverrides, LOCAL_ANVIL_FIRST_PORT, loadChainConfig } from '~/features/chains/chainConfig';
import type { ChainKey } from '~/features/chains/chainKey';
import type { Chain } from '~/features/chains/chains';
import { LOCAL_CHAINS_FILE } from '~/features/chains/config.server';
import { metadataOptionsFor } from '~/features/issuance/cardMetadata.server';
import { minterAccount } from '~/features/issuance/minter.server';
import { publishMissingMetadata } from '~/features/issuance/missingMetadata.server';
import { mediaSettings } from '~/features/media/mediaSettings.server';
import { sellTerms } from '~/features/trading/terms/sellTerms.server';
import type { Database } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import { stripeSettings } from '~/server/stripe.server';
import { type AnvilNode, startAnvilNode } from './anvilNode.server';
import { mintCatalogueCards } from './demoCards.server';
import { seedDemoDrop } from './demoDrops.server';
import { freezeDemoDesign } from './demoFreeze.server';
import { signCatalogueListings } from './demoListings.server';
import { signCatalogueOffers } from './demoOffers.server';
import { seedDemoTradeOffer } from './demoTradeOffers.server';
import { ensureLocalDeployment } from './deployment.server';
import { fundLocalWallets } from './fundWallets.server';
import { LOCAL_ACCOUNT_COUNT } from './localAccounts';
import { readLocalChainsFile, writeLocalChainsFile } from './localChainsFile.server';
import { localChainClients } from './localClients.server';

/** Options of {@link startLocalChain}. */
export interface StartLocalChainOptions {
  /** The data folder (`DATA_DIR`, default `./data`). */
  dataDir?: string;
  /** Port of the first node; the others follow (default 8545, `LOCAL_CHAIN_PORT`). */
  firstPort?: number;
  /** Ports per chain, instead of `firstPort` + index (tests use free ports). */
  ports?: Partial<Record<ChainKey, number>>;
  /** Only these chains (tests); default all four. */
  only?: readonly ChainKey[];
  /** Project root holding node_modules (default the working directory). */
  root?: string;
  log?: (message: string) => void;
}

/** The running local chain. */
export interface LocalChain {
  chains: readonly Chain[];
  /** The file the server reads the chain config from (`CHAIN_CONFIG_FILE`). */
  file: string;
  /** Whether contracts were deployed now on at least one chain (a fresh or reset chain). */
  deployed: boolean;
  /** Stops every node (each writes its state file). */
  stop: () => Promise<void>;
  /** Signals every node to stop without waiting (for an `exit` hook). */
  signalStop: () => void;
}

/** Starts the nodes, deploys what is missing and writes the chains file (see the module comment). */
export async function startLocalChain(options: StartLocalChainOptions = {}): Promise<LocalChain> {
  const log = options.log ?? ((message: string) => console.log(message));
  const dataDir = resolve(options.dataDir || './data');
  const stateDir = join(dataDir, 'local-chain');
  mkdirSync(stateDir, { recursive: true });
  const file = join(dataDir, LOCAL_CHAINS_FILE);
  const firstPort = options.firstPort ?? LOCAL_ANVIL_FIRST_PORT;
  const all = loadChainConfig('local');
  const defaults = all.filter((chain) => options.only?.includes(chain.key) ?? true);
  const known = readLocalChainsFile(file);

  const started = await Promise.allSettled(
    defaults.map((chain) =>
      startAnvilNode({
        chainId: chain.chainId,
        port: options.ports?.[chain.key] ?? firstPort + all.indexOf(chain),
        stateFile: join(stateDir, `anvil-${chain.chainId}.json`),
        pidFile: join(stateDir, `anvil-${chain.chainId}.pid`),
        accounts: LOCAL_ACCOUNT_COUNT,
        ...(options.root === undefined ? {} : { root: options.root }),
      }),
    ),
  );
  const nodes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
  };
  const signalStop = () => {
    for (const node of nodes) node.signalStop();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }

  try {
    const overrides: Record<string, unknown> = {};
    let deployed = false;
    await Promise.all(
      defaults.map(async (base, index) => {
        const key = base.key;
        const node = nodes[index] as AnvilNode;
        const clients = localChainClients({ ...base, rpcUrls: [node.rpcUrl] });
        const deployment = await ensureLocalDeployment(clients, known?.[key]?.contracts as Chain['contracts']);
        deployed ||= deployment.deployed;
        overrides[key] = { rpcUrls: [node.rpcUrl], contracts: deployment.contracts };
        log(
          `[localchain] ${base.chainName} ${node.rpcUrl}: ${deployment.deployed ? 'contracts deployed' : 'contracts found'}`,
        );
      }),
    );
    writeLocalChainsFile(file, overrides as ChainOverrides);
    const chains = loadChainConfig('local', overrides).filter((chain) => chain.key in overrides);
    return { chains, file, deployed, stop, signalStop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Publishes the metadata of every design and collection the chain's demo cards lack; answers how many designs. */
async function publishDemoMetadata(db: Database, chain: Chain): Promise<number> {
  const account = minterAccount({ CHAIN_ENV: 'local', MINTER_PRIVATE_KEY: undefined });
  if (!account) return 0;
  const options = metadataOptionsFor(db, mediaSettings(serverSettings()));
  let designs = 0;
  for (;;) {
    const pass = await publishMissingMetadata(db, chain, account, options);
    designs += pass.designs;
    if (!pass.more) return designs;
  }
}

/**
 * Puts the catalogue of `db` on the local chains: funds the demo wallets, mints the cards the chains lack (and
 * publishes their metadata: ipfs:// URIs on chain, ../../features/issuance/missingMetadata.server.ts),
 * signs the active listings and offers for real and, with Stripe keys, puts a demo design on sale for yen.
 * Idempotent.
 */
export async function seedLocalChain(
  db: Database,
  chains: readonly Chain[],
  log: (message: string) => void = (message) => console.log(message),
): Promise<void> {
  await Promise.all(
    chains.map(async (chain) => {
      const clients = localChainClients(chain);
      const funded = await fundLocalWallets(clients);
      const cards = await mintCatalogueCards(db, clients);
      const published = await publishDemoMetadata(db, chain);
      const froze = await freezeDemoDesign(db, chain);
      const terms = await sellTerms(db, chain, { ...serverSettings(), CHAIN_ENV: 'local' });
      const signed = await signCatalogueListings(db, clients, terms);
      const offered = await signCatalogueOffers(db, clients, terms);
      const traded = await seedDemoTradeOffer(db, clients, terms);
      if (traded) log(`[localchain] ${chain.chainName}: a demo trade offer (a card for a card) signed`);
      // With Stripe keys, the demo sells one design for yen (card payments).
      const dropped = stripeSettings(serverSettings()) ? await seedDemoDrop(db, chain) : false;
      if (dropped) log(`[localchain] ${chain.chainName}: a demo design on sale for yen by card`);
      if (froze) log(`[localchain] ${chain.chainName}: a demo design frozen (its metadata can no longer change)`);
      if (funded + cards.placed + cards.minted + published + signed + offered > 0) {
        log(
          `[localchain] ${chain.chainName}: ${cards.placed} collections placed, ${cards.minted} cards minted, ` +
            `${published} designs' metadata published, ${signed} listings and ${offered} offers signed, ${funded} wallet grants`,
        );
      }
    }),
  );
}
