/**
 * A fresh local market for chain tests: anvil with the given chain id, Seaport and the platform contracts
 * deployed by `deployLocal`, and viem clients for the people in a sale (deployer = admin and platform minter,
 * seller, buyer), each an anvil development account funded with 10 000 ETH; moving a card and reading its owner.
 * @see docs/architecture.md "Tests"
 */
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc721Abi,
  type Hash,
  http,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type DeployLocalReturnType, deployLocal } from '../../src/dev/localchain/deployLocal';
import { cardAbi } from '../../src/features/trading/contracts/cardAbi';
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
    // A loaded machine (CI, several suites at once) may answer slowly: a chain call waits up to a minute.
    const transport = http(anvil.rpcUrl, { timeout: 60_000 });
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

/** What {@link issueToSeller} mints. */
export interface IssueToSellerOptions {
  /** Receives the design's ERC-2981 royalty. */
  creator: Address;
  royaltyBps: number;
  /** The design's size (its largest serial). */
  maxSerials: bigint;
  /** Serials minted to the seller now (token ids 1..count of design 1 on a fresh market). */
  count: bigint;
}

/**
 * Issues design 1 on the market's Card contract, mints `count` serials to the seller and lets the conduit
 * move them (`setApprovalForAll`), as the sale tests start from.
 */
export async function issueToSeller(market: LocalMarket, options: IssueToSellerOptions): Promise<void> {
  const { deployer, seller, contracts, mined } = market;
  await mined(
    await deployer.writeContract({
      address: contracts.card,
      abi: cardAbi,
      functionName: 'issueDesign',
      args: [options.creator, options.royaltyBps, options.maxSerials],
    }),
  );
  await mined(
    await deployer.writeContract({
      address: contracts.card,
      abi: cardAbi,
      functionName: 'mintSerials',
      args: [1n, seller.account.address, options.count],
    }),
  );
  await mined(
    await seller.writeContract({
      address: contracts.card,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [contracts.conduit, true],
    }),
  );
}

/** Moves card `tokenId` on chain from `from` (default the seller) to `to`, and waits for it. */
export async function transferCard(
  market: LocalMarket,
  tokenId: bigint,
  to: Address,
  from: LocalWallet = market.seller,
): Promise<void> {
  await market.mined(
    await from.writeContract({
      address: market.contracts.card,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [from.account.address, to, tokenId],
    }),
  );
}

/** Who holds card `tokenId` on chain. */
export function ownerOfCard(market: LocalMarket, tokenId: bigint): Promise<Address> {
  return market.publicClient.readContract({
    address: market.contracts.card,
    abi: erc721Abi,
    functionName: 'ownerOf',
    args: [tokenId],
  });
}
