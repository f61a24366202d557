/**
 * Buying a cart's cards on one chain from the wallet, in one transaction: connect on the chain, ask the site
 * to check every order again (`POST /api/v1/cart/check`, each fill simulated from this buyer: an order that
 * would revert the whole transaction is left out with its reason, as is the buyer's own), check the balances, approve each ERC-20 once for its
 * total, then one `fulfillAvailableAdvancedOrders` (./fulfillAvailable.ts). Seaport skips what was sold or
 * cancelled in the meantime; the receipt tells which were bought, and the chain why the others were not.
 * Loaded by the cart page only when its button is clicked.
 *
 * @see docs/architecture.md "Flows" (a cart)
 */
import { type Address, getAddress, type Hash, type Hex } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { checkFunds } from '../buy/buyFlow';
import type { SignedOrder } from '../seaport/advancedOrder';
import { paymentTime } from '../seaport/fulfillOrder';
import { considerationAt, paymentAt } from '../seaport/orderAmounts';
import { parseOrderJson } from '../seaport/orderJson';
import { seaportAbi } from '../seaport/seaportAbi';
import type { TradeChain } from '../terms/tradeTerms';
import { confirm, connect, ensureAllowance, operatorOf, type TradeProgress } from '../wallet/walletTrade';
import { type CartCheck, planCart, type SkippedOrder } from './cartModel';
import { boughtOrders, fulfillAvailable } from './fulfillAvailable';

/** The chain a cart is bought on, as the cart page gets it from the server. */
export interface CartChain {
  chain: TradeChain;
  seaport: string;
  conduit: string;
  conduitKey: string;
}

/** What a cart buy did: the orders bought (with what each cost), those left out and why, the transaction. */
export interface CartOutcome {
  bought: { orderHash: string; price: string }[];
  skipped: SkippedOrder[];
  hash: Hash | null;
}

/** Buys the cart's orders `orderHashes` on `trade`'s chain (see the module comment). */
export async function cartBuyFlow(
  provider: Eip1193Provider,
  trade: CartChain,
  orderHashes: readonly string[],
  onProgress: (p: TradeProgress) => void,
): Promise<CartOutcome> {
  const { account, wallet, reader } = await connect(provider, trade, null, onProgress);
  onProgress({ step: 'checking' });
  const { orders: checks } = await api.post<{ orders: CartCheck[] }>('/api/v1/cart/check', {
    chain_id: trade.chain.chainId,
    order_hashes: orderHashes,
    buyer: account,
  });
  const plan = planCart(checks, account);
  const skipped = [...plan.skipped];
  const signed: (SignedOrder & { orderHash: string })[] = [];
  for (const listing of plan.buy) {
    const order = parseOrderJson(listing.order);
    if (order) signed.push({ order, signature: listing.signature as Hex, orderHash: listing.orderHash });
    else skipped.push({ orderHash: listing.orderHash, reason: 'unknown' });
  }
  if (signed.length === 0) return { bought: [], skipped, hash: null };

  const seaport = getAddress(trade.seaport);
  const components = signed.map(({ order }) => order);
  // A declining price is taken a little before now (the most the block can charge); Seaport returns the rest.
  const at = paymentTime();
  const { native: value, tokens } = paymentAt(components, at);
  await checkFunds(reader, account, value, undefined);
  for (const [token, total] of tokens) await checkFunds(reader, account, 0n, { token, total });
  const connected = { account, wallet, reader };
  for (const [token, total] of tokens) await ensureAllowance(connected, token, operatorOf(trade), total, onProgress);

  onProgress({ step: 'walletPrompt' });
  const hash = await fulfillAvailable(wallet, {
    seaport,
    orders: signed,
    fulfillerConduitKey: trade.conduitKey as Hex,
    value,
  });
  await confirm(reader, hash, onProgress);
  const receipt = await reader.getTransactionReceipt({ hash });
  const { timestamp } = await reader.getBlock({ blockNumber: receipt.blockNumber });
  const hashes = signed.map(({ orderHash }) => orderHash as Hex);
  const bought = new Set(boughtOrders(receipt.logs, hashes, seaport).map((entry) => entry.toLowerCase()));
  const outcome: CartOutcome = { bought: [], skipped, hash };
  for (const { order, orderHash } of signed) {
    if (bought.has(orderHash.toLowerCase())) {
      const price = considerationAt(order, timestamp);
      outcome.bought.push({ orderHash, price: price.toString() });
    } else {
      outcome.skipped.push({ orderHash, reason: await whySkipped(reader, seaport, orderHash as Hex) });
    }
  }
  return outcome;
}

/** Why Seaport skipped an order of the transaction: filled or cancelled meanwhile, or (its window) skipped. */
async function whySkipped(
  reader: Awaited<ReturnType<typeof connect>>['reader'],
  seaport: Address,
  orderHash: Hex,
): Promise<SkippedOrder['reason']> {
  const [, isCancelled, totalFilled] = await reader.readContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'getOrderStatus',
    args: [orderHash],
  });
  if (isCancelled) return 'cancelled';
  return totalFilled > 0n ? 'filled' : 'skipped';
}
