/**
 * Buying from the wallet: check the balance (and ERC-20 allowance), fulfil the listing on Seaport, wait for the receipt and for the site to record the new owner. Loaded by its button only when clicked.
 *
 * @see docs/product-spec.md §8 (transaction errors), https://docs.opensea.io/reference/seaport-overview
 */
import { type Address, erc20Abi, erc721Abi, getAddress, type Hex } from 'viem';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { TX_INSUFFICIENT_FUNDS } from '~/lib/errors';
import type { TradeCard } from '../parts/tradeCard';
import { fulfillOrder, nativeValue, paymentTime } from '../seaport/fulfillOrder';
import { paymentAt } from '../seaport/orderAmounts';
import { parseOrderJson } from '../seaport/orderJson';
import type { OrderComponents } from '../seaport/seaportTypes';
import type { TradeTerms } from '../terms/tradeTerms';
import {
  confirm,
  connect,
  ensureAllowance,
  operatorOf,
  type TradeProgress,
  waitForSiteOwner,
} from '../wallet/walletTrade';

/** The chain terms a purchase uses: the chain, Seaport, and the conduit the buyer's ERC-20 goes through. */
export type BuyTerms = Pick<TradeTerms, 'chain' | 'seaport' | 'conduit' | 'conduitKey'>;

/** What the buyer pays in ERC-20 at `at`: token and total, or undefined for a native-coin order. */
function erc20Total(order: OrderComponents, at: bigint): { token: Address; total: bigint } | undefined {
  const [entry] = paymentAt([order], at).tokens;
  return entry && { token: entry[0], total: entry[1] };
}

/**
 * Refuses before any wallet prompt when the buyer cannot pay: the price in the ERC-20 (or coin) exceeds the
 * balance (gas comes on top and is left to the wallet). Throws "Insufficient funds" (spec §8).
 */
export async function checkFunds(
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
  coin: bigint,
  payment: { token: Address; total: bigint } | undefined,
): Promise<void> {
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
  terms: BuyTerms,
  card: Pick<TradeCard, 'contractAddress' | 'tokenId'>,
  listing: { order: Record<string, unknown>; signature: string; exchange: string },
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const order = parseOrderJson(listing.order);
  if (!order) throw new Error('Order not found');
  const { account, wallet, reader } = await connect(provider, terms, null, onProgress);
  const operator = operatorOf(terms);
  // A declining price is taken a little before now (the most the block can charge); Seaport returns the rest.
  const at = paymentTime();
  const value = nativeValue(order, at);
  const payment = erc20Total(order, at);
  await checkFunds(reader, account, value, payment);
  if (payment) await ensureAllowance({ account, wallet, reader }, payment.token, operator, payment.total, onProgress);
  onProgress({ step: 'walletPrompt' });
  const hash = await fulfillOrder(wallet, {
    seaport: getAddress(listing.exchange),
    order,
    signature: listing.signature as Hex,
    fulfillerConduitKey: terms.conduitKey as Hex,
    value,
  });
  await confirm(reader, hash, onProgress);
  const owner = await reader.readContract({
    address: getAddress(card.contractAddress),
    abi: erc721Abi,
    functionName: 'ownerOf',
    args: [BigInt(card.tokenId)],
  });
  onProgress({ step: 'owned', hash, owner });
  await waitForSiteOwner(terms, card, owner);
}
