/**
 * A fresh local market for chain tests: anvil with the given chain id, Seaport and the platform contracts
 * deployed by `deployLocal`, and viem clients for the people in a sale (deployer = admin and platform minter,
 * seller, buyer), each an anvil development account funded with 10 000 ETH.
 * @see /work/shared/TESTING.md "contracts and chain"
 */
import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hash,
  http,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

import { type DeployLocalReturnType, deployLocal } from '../../src/features/trading/contracts/deployLocal';
import { type RunningAnvil, startAnvil } from './anvil';
import { ANVIL_KEYS } from './testWallet';

/** A wallet client with its account hoisted, on the local chain. */
export type LocalWallet = WalletClient<Transport, Chain, Account>;

/** What {@link startLocalMarket} gives back. */
export interface LocalMarket {
  anvil: RunningAnvil;
  chain: Chain;
  publicClient: PublicClient<Transport, Chain>;
  deployer: LocalWallet;
  seller: LocalWallet;
  buyer: LocalWallet;
  contracts: DeployLocalReturnType;
  /** Waits for a transaction and fails when it reverted. */
  mined: (hash: Hash) => Promise<TransactionReceipt>;
  stop: () => Promise<void>;
}

/** Starts anvil with `chainId`, deploys everything and returns clients for deployer, seller and buyer. */
export async function startLocalMarket({ chainId }: { chainId: number }): Promise<LocalMarket> {
  const anvil = await startAnvil({ chainId });
  try {
    const chain = defineChain({
      id: chainId,
      name: `Anvil ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    const transport = http(anvil.rpcUrl);
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
    const wallet = (key: (typeof ANVIL_KEYS)[number]): LocalWallet =>
      createWalletClient({ account: privateKeyToAccount(key), chain, transport, pollingInterval: 20 });
    const deployer = wallet(ANVIL_KEYS[0]);
    const contracts = await deployLocal({ publicClient, walletClient: deployer });
    const mined = async (hash: Hash): Promise<TransactionReceipt> => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
      return receipt;
    };
    return {
      anvil,
      chain,
      publicClient,
      deployer,
      seller: wallet(ANVIL_KEYS[1]),
      buyer: wallet(ANVIL_KEYS[2]),
      contracts,
      mined,
      stop: anvil.stop,
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
