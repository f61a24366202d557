/**
 * The wallet side every trading act shares (sell, buy, cancel): connecting to the signed-in user's account
 * on the token's chain, the 5 gwei gas floor, the contract allowed to move cards, waiting for a receipt, the
 * steps the island shows and the errors it explains. Imports viem, so it loads only with an act's flow,
 * inside a click handler.
 *
 * @see docs/product-spec.md §5 (gas floor), §8 (transaction errors)
 */
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  erc20Abi,
  erc721Abi,
  getAddress,
  type Hash,
  type Hex,
  zeroHash,
} from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { switchWalletChain } from '~/features/wallet/switchChain';
import { cardAbi } from '../contracts/cardAbi';
import type { TradeCard } from '../parts/tradeCard';
import type { OrderComponents } from '../seaport/seaportTypes';
import { signOrder } from '../seaport/signOrder';
import type { TradeTerms } from '../terms/tradeTerms';
import { withGasFloor } from './walletModel';

/** Steps the island shows while a flow runs. */
export type TradeProgress =
  | { step: 'switching' | 'wrapping' | 'approving' | 'signing' | 'walletPrompt' | 'checking' }
  | { step: 'pending'; hash: Hash }
  | { step: 'confirmed'; hash: Hash }
  | { step: 'owned'; hash: Hash; owner: Address };

/** How long the island waits for the site to record a purchase (the indexer polls every second or so). */
export const RECORD_WAIT_MS = 30_000;

/** Thrown when the wallet would not sign the listing; the island shows it as an alert, nothing is sent. */
export class SignRefusedError extends Error {
  constructor(cause: unknown) {
    super('signature refused', { cause });
    this.name = 'SignRefusedError';
  }
}

/** Thrown when the wallet's account is not the signed-in user's. */
export class WrongAccountError extends Error {}

/** A provider whose `eth_sendTransaction` requests carry the 5 gwei gas floor. */
export function flooredProvider(provider: Eip1193Provider): Eip1193Provider {
  return {
    async request(args) {
      if (args.method === 'eth_sendTransaction' && Array.isArray(args.params) && args.params[0]) {
        const network = BigInt((await provider.request({ method: 'eth_gasPrice' })) as string);
        const tx = withGasFloor(args.params[0] as Record<string, unknown>, network);
        return provider.request({ method: args.method, params: [tx, ...args.params.slice(1)] });
      }
      return provider.request(args);
    },
  };
}

/** Connects, switches to the token's chain when needed and returns clients bound to the wallet's account. */
export async function connect(
  provider: Eip1193Provider,
  terms: Pick<TradeTerms, 'chain'>,
  expected: string | null,
  onProgress: (p: TradeProgress) => void,
) {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  const first = accounts[0];
  if (!first) throw new WrongAccountError('no account');
  const account = getAddress(first);
  if (expected && account.toLowerCase() !== expected.toLowerCase()) throw new WrongAccountError(account);
  const current = Number(BigInt((await provider.request({ method: 'eth_chainId' })) as string));
  if (current !== terms.chain.chainId) {
    onProgress({ step: 'switching' });
    await switchWalletChain(provider, terms.chain);
  }
  const chain = defineChain({
    id: terms.chain.chainId,
    name: terms.chain.chainName,
    nativeCurrency: terms.chain.nativeCurrency,
    rpcUrls: { default: { http: [...terms.chain.rpcUrls] } },
  });
  const transport = custom(flooredProvider(provider));
  return {
    account,
    wallet: createWalletClient({ account, chain, transport }),
    reader: createPublicClient({ chain, transport }),
  };
}

/** The contract allowed to move tokens: the conduit when a conduit key is set, else Seaport. */
export function operatorOf(terms: Pick<TradeTerms, 'conduitKey' | 'seaport' | 'conduit'>): Address {
  return getAddress(terms.conduitKey === zeroHash ? terms.seaport : terms.conduit);
}

export async function confirm(
  reader: { waitForTransactionReceipt(a: { hash: Hash }): Promise<{ status: string }> },
  hash: Hash,
  onProgress: (p: TradeProgress) => void,
) {
  onProgress({ step: 'pending', hash });
  const receipt = await reader.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error('Transaction has been reverted');
  onProgress({ step: 'confirmed', hash });
}

/** The clients {@link connect} gives back. */
type Connected = Awaited<ReturnType<typeof connect>>;

/** The card's ERC-2981 royalty for `price`, or undefined for a card without ERC-2981 (its call reverts). */
export function cardRoyalty(
  { reader }: Pick<Connected, 'reader'>,
  card: { contract: Address; tokenId: bigint },
  price: bigint,
): Promise<{ receiver: Address; amount: bigint } | undefined> {
  return reader
    .readContract({ address: card.contract, abi: cardAbi, functionName: 'royaltyInfo', args: [card.tokenId, price] })
    .then(([receiver, amount]) => ({ receiver, amount }))
    .catch(() => undefined);
}

/** Lets `operator` move the account's cards of `contract` (`setApprovalForAll`) unless it may already. */
export async function ensureCardApproval(
  { account, wallet, reader }: Connected,
  contract: Address,
  operator: Address,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const args = [account, operator] as const;
  if (await reader.readContract({ address: contract, abi: erc721Abi, functionName: 'isApprovedForAll', args })) return;
  onProgress({ step: 'approving' });
  const hash = await wallet.writeContract({
    address: contract,
    abi: erc721Abi,
    functionName: 'setApprovalForAll',
    args: [operator, true],
  });
  await reader.waitForTransactionReceipt({ hash });
}

/** Lets `operator` move `amount` of the account's `token` unless it may already. */
export async function ensureAllowance(
  { account, wallet, reader }: Connected,
  token: Address,
  operator: Address,
  amount: bigint,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const allowance = await reader.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [account, operator],
  });
  if (allowance >= amount) return;
  onProgress({ step: 'approving' });
  const hash = await wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [operator, amount],
  });
  await reader.waitForTransactionReceipt({ hash });
}

/** Asks the wallet to sign `order` for the chain's Seaport, showing the step; a refusal is a SignRefusedError. */
export async function signInWallet(
  { wallet }: Pick<Connected, 'wallet'>,
  terms: Pick<TradeTerms, 'chain' | 'seaport'>,
  order: OrderComponents,
  onProgress: (p: TradeProgress) => void,
): Promise<Hex> {
  onProgress({ step: 'signing' });
  try {
    return await signOrder(wallet, { order, chainId: terms.chain.chainId, seaport: getAddress(terms.seaport) });
  } catch (error) {
    throw new SignRefusedError(error);
  }
}

/**
 * Waits (at most {@link RECORD_WAIT_MS}) until the site's record of `card` on the terms' chain names `owner`,
 * i.e. the indexer has seen the Transfer, so that the reloaded page shows the new owner.
 */
export async function waitForSiteOwner(
  terms: Pick<TradeTerms, 'chain'>,
  card: Pick<TradeCard, 'contractAddress' | 'tokenId'>,
  owner: Address,
): Promise<void> {
  const path = `/api/v1/cards/${terms.chain.chainId}/${card.contractAddress.toLowerCase()}/${card.tokenId}`;
  const deadline = Date.now() + RECORD_WAIT_MS;
  while (Date.now() < deadline) {
    const card = await api.get<{ owner?: string }>(path).catch(() => undefined);
    if (card?.owner?.toLowerCase() === owner.toLowerCase()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
