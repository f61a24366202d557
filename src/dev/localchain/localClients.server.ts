/**
 * viem clients for one local anvil chain, as the local chain's set-up uses them: a public client, and wallet
 * clients for anvil's development accounts that anvil itself signs for (`eth_sendTransaction`,
 * `eth_signTypedData_v4`), so no private key is handled here. Only for loopback anvil nodes.
 */
import {
  type Account,
  type Address,
  createPublicClient,
  createWalletClient,
  type Hash,
  http,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type Chain as ViemChain,
  type WalletClient,
} from 'viem';
import type { Chain } from '~/features/chains/chains';
import { toViemChain } from '~/features/chains/publicClients.server';

/** A wallet client whose account anvil unlocks (a JSON-RPC account). */
export type LocalWallet = WalletClient<Transport, ViemChain, Account>;

/** Clients of one local chain. */
export interface LocalChainClients {
  chain: Chain;
  publicClient: PublicClient<Transport, ViemChain>;
  /** A wallet client sending as `address` (an anvil development account, or one impersonated). */
  wallet: (address: Address) => LocalWallet;
  /** Waits for a transaction's receipt and fails when it reverted. */
  mined: (hash: Hash) => Promise<TransactionReceipt>;
  /** Sends a raw anvil JSON-RPC request (anvil_setCode, debug_traceCall, ...). */
  rpc: <T = unknown>(method: string, params: readonly unknown[]) => Promise<T>;
}

/** Clients for `chain`, sending to its first RPC URL with a 10 ms polling interval (anvil mines at once). */
export function localChainClients(chain: Chain): LocalChainClients {
  const rpcUrl = chain.rpcUrls[0];
  if (rpcUrl === undefined) throw new Error(`chain ${chain.key} has no RPC URL`);
  const viemChain = toViemChain(chain);
  const transport = http(rpcUrl, { timeout: 30_000 });
  const publicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 10 });
  const wallets = new Map<string, LocalWallet>();
  return {
    chain,
    publicClient,
    wallet: (address) => {
      const key = address.toLowerCase();
      let wallet = wallets.get(key);
      if (wallet === undefined) {
        wallet = createWalletClient({ chain: viemChain, transport, account: address, pollingInterval: 10 });
        wallets.set(key, wallet);
      }
      return wallet;
    },
    mined: async (hash) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 });
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} on chain ${chain.chainId} reverted`);
      return receipt;
    },
    rpc: <T>(method: string, params: readonly unknown[]) =>
      publicClient.request({ method: method as never, params: params as never }) as Promise<T>,
  };
}
