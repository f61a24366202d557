/**
 * The TypeScript half of `bench/indexer.mjs` (bundled by `scripts/lib/bundle-ts.mjs`): mints cards on a
 * fresh anvil, then times the indexer's `syncChain` over those blocks on fresh databases.
 */
import { sql } from 'drizzle-orm';
import { type Address, createPublicClient, createWalletClient, defineChain, type Hash, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { deployLocal } from '../src/dev/localchain/deployLocal';
import { ANVIL_ACCOUNTS } from '../src/dev/seed/accounts';
import { loadChainConfig } from '../src/features/chains/chainConfig';
import { syncChain } from '../src/features/indexer/indexChain.server';
import { cardAbi } from '../src/features/trading/contracts/cardAbi';
import { categories } from '../src/server/db/schema';
import { startAnvil } from '../tests/helpers/anvil';
import { createTestDatabase } from '../tests/helpers/db';
import { ANVIL_KEYS } from '../tests/helpers/testWallet';

/** Options of {@link benchIndexer}. */
export interface IndexerBenchOptions {
  tokens: number;
  /** Serials minted per transaction (about 180 000 gas each: 100 fill 18 M of a 30 M block). */
  perTransaction: number;
  runs: number;
  /** PostgreSQL server to create a scratch database on (default a temporary PGlite folder). */
  databaseUrl?: string | undefined;
  log: (line: string) => void;
}

/** One timed indexing of the whole chain. */
export interface IndexerRun {
  seconds: number;
  transfers: number;
  events: number;
  ranges: number;
}

/** Mints `tokens` cards, then indexes them `runs` times on fresh databases. */
export async function benchIndexer(
  options: IndexerBenchOptions,
): Promise<{ mintSeconds: number; blocks: bigint; runs: IndexerRun[] }> {
  const anvil = await startAnvil({ chainId: 1 });
  try {
    const viemChain = defineChain({
      id: 1,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    const transport = http(anvil.rpcUrl);
    const publicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 10 });
    const walletClient = createWalletClient({
      chain: viemChain,
      transport,
      account: privateKeyToAccount(ANVIL_KEYS[0]),
    });
    const contracts = await deployLocal({ publicClient, walletClient });
    const mined = async (hash: Hash) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 });
      if (receipt.status !== 'success') throw new Error(`${hash} reverted`);
    };
    const mintStart = performance.now();
    await mined(
      await walletClient.writeContract({
        address: contracts.card,
        abi: cardAbi,
        functionName: 'issueDesign',
        args: [walletClient.account.address, 500, BigInt(options.tokens), false],
      }),
    );
    for (let minted = 0, round = 0; minted < options.tokens; round++) {
      const count = Math.min(options.perTransaction, options.tokens - minted);
      const to = ANVIL_ACCOUNTS[1 + (round % 19)] as Address;
      await mined(
        await walletClient.writeContract({
          address: contracts.card,
          abi: cardAbi,
          functionName: 'mintSerials',
          args: [1n, to, BigInt(count)],
          gas: 29_000_000n,
        }),
      );
      minted += count;
    }
    const mintSeconds = (performance.now() - mintStart) / 1000;
    const blocks = await publicClient.getBlockNumber({ cacheTime: 0 });
    options.log(`minted ${options.tokens} cards in ${mintSeconds.toFixed(1)} s (${blocks} blocks)`);
    const [chain] = loadChainConfig('local', {
      ETH: {
        rpcUrls: [anvil.rpcUrl],
        contracts: {
          exchange: contracts.seaport,
          market: contracts.conduit,
          atem: contracts.atem,
          payment: contracts.wrappedNative,
        },
      },
    });
    if (!chain) throw new Error('no chain');
    const handle = await createTestDatabase({ url: options.databaseUrl ?? '' });
    const runs: IndexerRun[] = [];
    try {
      await handle.db
        .insert(categories)
        .values({ chainId: 1, contractAddress: contracts.card.toLowerCase(), name: 'Bench' });
      for (let run = 0; run < options.runs; run++) {
        await handle.db.execute(sql`truncate cards, indexer_cursors restart identity cascade`);
        const start = performance.now();
        const ranges = await syncChain(handle.db, chain, {
          settings: { confirmations: 0, finalityBlocks: 0, batchBlocks: 5_000, pollMs: 500, startBlock: 0n },
          feeRecipient: undefined,
        });
        const seconds = (performance.now() - start) / 1000;
        const transfers = ranges.reduce((sum, range) => sum + range.transfers, 0);
        const events = ranges.reduce((sum, range) => sum + range.events, 0);
        runs.push({ seconds, transfers, events, ranges: ranges.length });
        options.log(`run ${run + 1}: ${transfers} Transfer events in ${seconds.toFixed(2)} s`);
      }
      const { rows } = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from cards`);
      if (rows[0]?.n !== options.tokens) throw new Error(`expected ${options.tokens} cards, found ${rows[0]?.n}`);
    } finally {
      await handle.close();
    }
    return { mintSeconds, blocks, runs };
  } finally {
    await anvil.stop();
  }
}
