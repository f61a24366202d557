/**
 * The wallet side of the token page's trading flows (sell, buy, cancel). Imports viem, so the island loads
 * this module only inside its click handlers (`await import('./tradeFlows')`).
 *
 * @see /work/shared/spec/marketplace-spec.md §3 "Sell-card payload", §5 (gas floor), §8 (transaction errors)
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
  zeroAddress,
  zeroHash,
} from 'viem';
import { api } from '~/client/siteApi';
import { TX_INSUFFICIENT_FUNDS } from '~/lib/errors';
import type { Eip1193Provider } from '../wallet/eip1193';
import { switchWalletChain } from '../wallet/switchChain';
import { cardAbi } from './contracts/cardAbi';
import { parseOrderJson, toOrderJson } from './orderJson';
import { buildSellOrder } from './seaport/buildSellOrder';
import { cancelOrders } from './seaport/cancelOrders';
import { fulfillOrder } from './seaport/fulfillOrder';
import { incrementCounter } from './seaport/incrementCounter';
import { seaportAbi } from './seaport/seaportAbi';
import { ItemType, type OrderComponents } from './seaport/seaportTypes';
import { signSellOrder } from './seaport/signSellOrder';
import { listingWindow, randomSalt, type TradeActionsProps, withGasFloor } from './tradeModel';

/** Steps the island shows while a flow runs. */
export type TradeProgress =
  | { step: 'switching' | 'approving' | 'signing' | 'walletPrompt' }
  | { step: 'pending'; hash: Hash }
  | { step: 'confirmed'; hash: Hash }
  | { step: 'owned'; hash: Hash; owner: Address };

/** How long the island waits for the site to record a purchase (the indexer polls every second or so). */
const RECORD_WAIT_MS = 30_000;

/** Thrown when the wallet would not sign the listing; the island shows it as an alert, nothing is sent. */
export class SignRefusedError extends Error {
  constructor(cause: unknown) {
    super('signature refused', { cause });
    this.name = 'SignRefusedError';
  }
}

/** Thrown when the wallet's account is not the signed-in user's. */
export class WrongAccountError extends Error {}

type Trade = Pick<
  TradeActionsProps,
  'chain' | 'seaport' | 'conduit' | 'conduitKey' | 'feeRecipient' | 'feeBps' | 'contractAddress' | 'tokenId'
>;

/** A provider whose `eth_sendTransaction` requests carry the 5 gwei gas floor. */
function flooredProvider(provider: Eip1193Provider): Eip1193Provider {
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
async function connect(
  provider: Eip1193Provider,
  trade: Pick<Trade, 'chain'>,
  expected: string | null,
  onProgress: (p: TradeProgress) => void,
) {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  const first = accounts[0];
  if (!first) throw new WrongAccountError('no account');
  const account = getAddress(first);
  if (expected && account.toLowerCase() !== expected.toLowerCase()) throw new WrongAccountError(account);
  const current = Number(BigInt((await provider.request({ method: 'eth_chainId' })) as string));
  if (current !== trade.chain.chainId) {
    onProgress({ step: 'switching' });
    await switchWalletChain(provider, trade.chain);
  }
  const chain = defineChain({
    id: trade.chain.chainId,
    name: trade.chain.chainName,
    nativeCurrency: trade.chain.nativeCurrency,
    rpcUrls: { default: { http: [...trade.chain.rpcUrls] } },
  });
  const transport = custom(flooredProvider(provider));
  return {
    account,
    wallet: createWalletClient({ account, chain, transport }),
    reader: createPublicClient({ chain, transport }),
  };
}

/** The contract allowed to move tokens: the conduit when a conduit key is set, else Seaport. */
function operatorOf(trade: Trade): Address {
  return getAddress(trade.conduitKey === zeroHash ? trade.seaport : trade.conduit);
}

/** Lists the card: approve the conduit once, build and sign the order, send it to the site. */
export async function sellFlow(
  provider: Eip1193Provider,
  trade: Trade,
  input: { userWallet: string; price: bigint; currency: Address; currencyCode: number; days: number },
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  if (!trade.feeRecipient) throw new Error('no fee recipient');
  const times = listingWindow(Date.now() / 1000, input.days);
  if (!times) throw new RangeError('expiry');
  const { account, wallet, reader } = await connect(provider, trade, input.userWallet, onProgress);
  const nft = { contract: getAddress(trade.contractAddress), tokenId: BigInt(trade.tokenId) };
  const seaport = getAddress(trade.seaport);
  const operator = operatorOf(trade);
  const approved = await reader.readContract({
    address: nft.contract,
    abi: erc721Abi,
    functionName: 'isApprovedForAll',
    args: [account, operator],
  });
  if (!approved) {
    onProgress({ step: 'approving' });
    const hash = await wallet.writeContract({
      address: nft.contract,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [operator, true],
    });
    await reader.waitForTransactionReceipt({ hash });
  }
  const counter = await reader.readContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'getCounter',
    args: [account],
  });
  const royalty = await reader
    .readContract({
      address: nft.contract,
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [nft.tokenId, input.price],
    })
    .then(([receiver, amount]) => ({ receiver, amount }))
    .catch(() => undefined);
  const order = buildSellOrder({
    seller: account,
    nft,
    price: input.price,
    currency: input.currency === zeroAddress ? zeroAddress : getAddress(input.currency),
    platformFee: { bps: trade.feeBps, recipient: getAddress(trade.feeRecipient) },
    ...(royalty ? { royalty } : {}),
    ...times,
    salt: randomSalt(),
    counter,
    conduitKey: trade.conduitKey as Hex,
  });
  onProgress({ step: 'signing' });
  let signature: Hex;
  try {
    signature = await signSellOrder(wallet, { order, chainId: trade.chain.chainId, seaport });
  } catch (error) {
    throw new SignRefusedError(error);
  }
  await api.post('/api/v1/sell_card', {
    chain_id: trade.chain.chainId,
    contract_address: nft.contract,
    token_id: nft.tokenId.toString(),
    price: input.price.toString(),
    signature,
    seller_address: account,
    exchange: seaport,
    currency_code: input.currencyCode,
    order: toOrderJson(order),
  });
}

/** What the buyer pays in ERC-20: token and total, or undefined for a native-coin order. */
function erc20Total(order: OrderComponents): { token: Address; total: bigint } | undefined {
  const items = order.consideration.filter((item) => item.itemType === ItemType.ERC20);
  const first = items[0];
  if (!first) return undefined;
  return { token: first.token, total: items.reduce((sum, item) => sum + item.endAmount, 0n) };
}

async function confirm(
  reader: { waitForTransactionReceipt(a: { hash: Hash }): Promise<{ status: string }> },
  hash: Hash,
  onProgress: (p: TradeProgress) => void,
) {
  onProgress({ step: 'pending', hash });
  const receipt = await reader.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error('Transaction has been reverted');
  onProgress({ step: 'confirmed', hash });
}

/** What the buyer pays in the chain's coin (the sum of the native consideration items). */
function nativeTotal(order: OrderComponents): bigint {
  return order.consideration
    .filter((item) => item.itemType === ItemType.NATIVE)
    .reduce((sum, item) => sum + item.endAmount, 0n);
}

/**
 * Refuses before any wallet prompt when the buyer cannot pay: the price in the ERC-20 (or coin) exceeds the
 * balance (gas comes on top and is left to the wallet). Throws "Insufficient funds" (spec §8).
 */
async function checkFunds(
  reader: {
    getBalance(a: { address: Address }): Promise<bigint>;
    readContract(a: {
      address: Address;
      abi: typeof erc20Abi;
      functionName: 'balanceOf';
      args: [Address];
    }): Promise<bigint>;
  },
  account: Address,
  order: OrderComponents,
  payment: { token: Address; total: bigint } | undefined,
): Promise<void> {
  const coin = nativeTotal(order);
  if (coin > 0n && (await reader.getBalance({ address: account })) < coin) throw new Error(TX_INSUFFICIENT_FUNDS);
  if (payment) {
    const balance = await reader.readContract({
      address: payment.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account],
    });
    if (balance < payment.total) throw new Error(TX_INSUFFICIENT_FUNDS);
  }
}

/** Buys the listed card: approve the ERC-20 for the conduit when needed, then fulfil on Seaport. */
export async function buyFlow(
  provider: Eip1193Provider,
  trade: Trade,
  listing: { order: Record<string, unknown>; signature: string; exchange: string },
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const order = parseOrderJson(listing.order);
  if (!order) throw new Error('Order not found');
  const { account, wallet, reader } = await connect(provider, trade, null, onProgress);
  const operator = operatorOf(trade);
  const payment = erc20Total(order);
  await checkFunds(reader, account, order, payment);
  if (payment) {
    const allowance = await reader.readContract({
      address: payment.token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [account, operator],
    });
    if (allowance < payment.total) {
      onProgress({ step: 'approving' });
      const hash = await wallet.writeContract({
        address: payment.token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [operator, payment.total],
      });
      await reader.waitForTransactionReceipt({ hash });
    }
  }
  onProgress({ step: 'walletPrompt' });
  const hash = await fulfillOrder(wallet, {
    seaport: getAddress(listing.exchange),
    order,
    signature: listing.signature as Hex,
    fulfillerConduitKey: trade.conduitKey as Hex,
  });
  await confirm(reader, hash, onProgress);
  const owner = await reader.readContract({
    address: getAddress(trade.contractAddress),
    abi: erc721Abi,
    functionName: 'ownerOf',
    args: [BigInt(trade.tokenId)],
  });
  onProgress({ step: 'owned', hash, owner });
  await waitForSiteOwner(trade, owner);
}

/**
 * Waits (at most {@link RECORD_WAIT_MS}) until the site's record of the card names `owner`, i.e. the
 * indexer has seen the Transfer, so that the reloaded page shows the new owner and no listing.
 */
async function waitForSiteOwner(trade: Trade, owner: Address): Promise<void> {
  const path = `/api/v1/cards/${trade.chain.chainId}/${trade.contractAddress.toLowerCase()}/${trade.tokenId}`;
  const deadline = Date.now() + RECORD_WAIT_MS;
  while (Date.now() < deadline) {
    const card = await api.get<{ owner?: string }>(path).catch(() => undefined);
    if (card?.owner?.toLowerCase() === owner.toLowerCase()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Cancels the seller's own listing on Seaport, then tells the site. */
export async function cancelFlow(
  provider: Eip1193Provider,
  trade: Trade,
  listing: { order: Record<string, unknown>; exchange: string; orderHash: string; sellerAddress: string },
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const order = parseOrderJson(listing.order);
  if (!order) throw new Error('Order not found');
  const { wallet, reader } = await connect(provider, trade, listing.sellerAddress, onProgress);
  onProgress({ step: 'walletPrompt' });
  const hash = await cancelOrders(wallet, { seaport: getAddress(listing.exchange), orders: [order] });
  await confirm(reader, hash, onProgress);
  await api.post(`/api/v1/orders/${listing.orderHash}/cancel`);
}

/**
 * Cancels every listing of the seller on one chain at once: raises their Seaport counter (one transaction),
 * then tells the site, which ends the listings signed with the old counter.
 */
export async function cancelAllFlow(
  provider: Eip1193Provider,
  trade: Pick<Trade, 'chain' | 'seaport'>,
  sellerAddress: string,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const { wallet, reader } = await connect(provider, trade, sellerAddress, onProgress);
  onProgress({ step: 'walletPrompt' });
  const hash = await incrementCounter(wallet, { seaport: getAddress(trade.seaport) });
  await confirm(reader, hash, onProgress);
  await api.post('/api/v1/orders/cancel_all', { chain_id: trade.chain.chainId });
}
