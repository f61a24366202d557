/**
 * A fresh local market for chain tests: anvil with the given chain id, Seaport and the platform contracts
 * deployed by `deployLocal`, and viem clients for the people in a sale (deployer = admin and platform minter,
 * seller, buyer), each an anvil development account funded with 10 000 ETH; moving a card and reading its owner.
 * @see docs/architecture.md "Tests"
 */
import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc721Abi,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import cardArtifact from '../../contracts/artifacts/Card.json';
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

/** The design {@link issueDesign} issues. */
export interface DesignOptions {
  /** Receives the design's ERC-2981 royalty. */
  creator: Address;
  royaltyBps: number;
  /** The design's size (its largest serial). */
  maxSerials: bigint;
  /** Whether the collection's royalty is guaranteed (default false: an open collection). */
  royaltyGuaranteed?: boolean;
  /** The Card contract (default the market's). */
  card?: Address;
}

/** What {@link issueToSeller} mints. */
export interface IssueToSellerOptions extends DesignOptions {
  /** Serials minted to the seller now (token ids 1..count of design 1 on a fresh market). */
  count: bigint;
}

/** The minter (the deployer) issues a design on the market's Card contract (or `card`); resolves with its event. */
export async function issueDesign(market: LocalMarket, options: DesignOptions) {
  const { deployer, contracts, mined } = market;
  const receipt = await mined(
    await deployer.writeContract({
      address: options.card ?? contracts.card,
      abi: cardAbi,
      functionName: 'issueDesign',
      args: [options.creator, options.royaltyBps, options.maxSerials, options.royaltyGuaranteed ?? false],
    }),
  );
  const [issued] = parseEventLogs({ abi: cardAbi, eventName: 'DesignIssued', logs: receipt.logs });
  if (!issued) throw new Error('no DesignIssued event');
  return issued.args;
}

/** The minter mints `count` serials of design `designId` to `to` (on `card`, default the market's); the receipt. */
export async function mintSerials(market: LocalMarket, designId: bigint, to: Address, count: bigint, card?: Address) {
  const { deployer, contracts, mined } = market;
  return mined(
    await deployer.writeContract({
      address: card ?? contracts.card,
      abi: cardAbi,
      functionName: 'mintSerials',
      args: [designId, to, count],
    }),
  );
}

/**
 * Issues a design on the market's Card contract (or `card`) and mints `count` serials of it to the seller, as the
 * sale tests start from. The conduit may move them already: the card approves it for every holder. Resolves with
 * the design's id.
 */
export async function issueToSeller(market: LocalMarket, options: IssueToSellerOptions): Promise<bigint> {
  const { designId } = await issueDesign(market, options);
  await mintSerials(market, designId, market.seller.account.address, options.count, options.card);
  return designId;
}

/**
 * Deploys another Card contract on the market (a second collection), with the market's conduit pre-approved and
 * its zone as transfer authorizer, the deployer as admin and minter.
 */
export async function deployCard(market: LocalMarket, name = 'Second collection'): Promise<Address> {
  const { deployer, publicClient, contracts } = market;
  const hash = await deployer.deployContract({
    abi: cardArtifact.abi as Abi,
    bytecode: cardArtifact.bytecode as Hex,
    args: [name, 'KIRA', '', deployer.account.address, deployer.account.address, contracts.conduit, contracts.zone],
  });
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (!contractAddress) throw new Error('the card was not deployed');
  return contractAddress;
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

/** `holder` lets the market's conduit move every card of `card` it holds, or (`on` false) no longer; waits for it. */
export async function approveConduit(market: LocalMarket, holder: LocalWallet, card: Address, on: boolean) {
  await market.mined(
    await holder.writeContract({
      address: card,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [market.contracts.conduit, on],
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
