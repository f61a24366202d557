/**
 * Buys a cart of listed cards in one transaction: Seaport 1.6 `fulfillAvailableAdvancedOrders` with every
 * order whole (numerator = denominator = 1), no criteria and `maximumFulfilled` = the number of orders. The
 * card of each order goes to the buyer (or `recipient`); consideration items that pay the same item to the
 * same recipient (the platform fee, a seller's proceeds, a creator's royalty) are aggregated into one
 * transfer. For native-currency orders the transaction carries their total as value and Seaport refunds
 * what skipped orders (or a buffer) leave unspent; ERC-20 orders are paid exactly, through the conduit
 * named by `fulfillerConduitKey` (or Seaport itself for the zero key), which the buyer must have approved.
 *
 * What Seaport skips and what makes the whole transaction revert (all but the ERC-20 case checked on anvil in the test):
 * - Skipped, with no `OrderFulfilled` event (see {@link boughtOrders}): orders filled or cancelled
 *   (`cancel`) since the cart was built, and orders outside their start/end time. Their components drop
 *   out of the aggregated fulfillments, so aggregation stays safe. If every order is skipped the call
 *   reverts with `NoSpecifiedOrdersAvailable`.
 * - Reverts: a signature that does not match (`InvalidSigner`). The order status is checked first, so only a
 *   still-open order with a bad signature reverts; the server must re-check every signature before the
 *   wallet opens. Orders voided by the seller's `incrementCounter` revert the same way (Seaport hashes the
 *   order with the current counter, which the signature no longer matches), as does an order whose card
 *   the seller no longer holds or no longer lets the conduit move (the card contract's own error, e.g.
 *   `ERC721InsufficientApproval`, passed on through the conduit), too little value
 *   (`InsufficientNativeTokensSupplied`) or a missing ERC-20 allowance or balance.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Fulfill Available"
 * @see Seaport `OrderCombiner._fulfillAvailableAdvancedOrders`, `AmountDeriver._locateCurrentAmount`
 * @see docs/product-spec.md §8 (transaction errors)
 */
import {
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  isAddressEqual,
  type Log,
  parseEventLogs,
  type Transport,
  type WalletClient,
  zeroAddress,
  zeroHash,
} from 'viem';

import { advancedOrder, type SignedOrder } from '../seaport/advancedOrder';
import { currentAmount } from '../seaport/orderAmounts';
import { seaportAbi } from '../seaport/seaportAbi';
import { type ConsiderationItem, ItemType, type OrderComponents } from '../seaport/seaportTypes';

/** One item of one order in the call (`orderIndex` into the orders, `itemIndex` into its offer or consideration). */
export interface FulfillmentComponent {
  readonly orderIndex: bigint;
  readonly itemIndex: bigint;
}

/** Offer and consideration fulfillments: each inner list is one transfer, aggregating its components. */
export interface CartFulfillments {
  offerFulfillments: FulfillmentComponent[][];
  considerationFulfillments: FulfillmentComponent[][];
}

/** Parameters of {@link fulfillAvailable}. */
export interface FulfillAvailableParameters {
  seaport: Address;
  /**
   * The cart, in the order the buyer sees it, each with the zone's signature of this fill (`extraData`, none for an
   * open order); Seaport fills every order still available.
   */
  orders: readonly (SignedOrder & { extraData?: Hex })[];
  /** Conduit the buyer approved ERC-20 payment to; zero hash (default) for Seaport itself. */
  fulfillerConduitKey?: Hex;
  /** Who receives the cards; the zero address (default) means the sending account. */
  recipient?: Address;
  /** Buying account; the wallet client's own when absent. */
  account?: Account | Address;
  /** Native coin to send; {@link cartValue} of the orders (highest amounts) when absent. */
  value?: bigint;
}

/** The transaction hash (wait for its receipt, then {@link boughtOrders} tells what was bought). */
export type FulfillAvailableReturnType = Hash;

/** Reverts come back as viem's `ContractFunctionExecutionError` naming Seaport's error (see `seaportAbi`). */
export type FulfillAvailableErrorType = Error;

/** Item types whose amounts add up, so several orders' items can be one transfer (not ERC-721, not criteria). */
const FUNGIBLE: ReadonlySet<number> = new Set([ItemType.NATIVE, ItemType.ERC20, ItemType.ERC1155]);

/**
 * The fulfillments for a cart: one offer fulfillment per offer item of each order (a listing's card), and
 * one consideration fulfillment per distinct (item type, token, identifier, recipient) of fungible items
 * across the orders, in order of first appearance; ERC-721 and criteria items get one each. Seaport drops a
 * skipped order's components from every aggregation, so a shared fulfillment stays valid.
 */
export function cartFulfillments(orders: readonly OrderComponents[]): CartFulfillments {
  const offerFulfillments: FulfillmentComponent[][] = [];
  const considerationFulfillments: FulfillmentComponent[][] = [];
  const groups = new Map<string, FulfillmentComponent[]>();
  orders.forEach((order, o) => {
    const orderIndex = BigInt(o);
    order.offer.forEach((_item, i) => {
      offerFulfillments.push([{ orderIndex, itemIndex: BigInt(i) }]);
    });
    order.consideration.forEach((item, i) => {
      const component = { orderIndex, itemIndex: BigInt(i) };
      if (!FUNGIBLE.has(item.itemType)) {
        considerationFulfillments.push([component]);
        return;
      }
      const key = aggregationKey(item);
      const group = groups.get(key);
      if (group) {
        group.push(component);
      } else {
        const created = [component];
        groups.set(key, created);
        considerationFulfillments.push(created);
      }
    });
  });
  return { offerFulfillments, considerationFulfillments };
}

/** What must match for Seaport to aggregate consideration items. */
function aggregationKey(item: ConsiderationItem): string {
  const { itemType, token, identifierOrCriteria, recipient } = item;
  return `${itemType}:${token.toLowerCase()}:${identifierOrCriteria}:${recipient.toLowerCase()}`;
}

/**
 * Native coin to send for a cart: the sum of the orders' native consideration items at `atTime` (unix
 * seconds; pass the latest block's time, a declining price only falls after it) plus `buffer`. Without
 * `atTime` each item counts at its highest amount, enough whenever the cart is mined. Seaport refunds what is
 * not spent.
 */
export function cartValue(orders: readonly OrderComponents[], atTime?: bigint, buffer = 0n): bigint {
  let total = buffer;
  for (const order of orders) {
    for (const item of order.consideration) {
      if (item.itemType !== ItemType.NATIVE) continue;
      // Without a time, the end of the order's time at which the item is highest.
      const at = atTime ?? (item.startAmount >= item.endAmount ? order.startTime : order.endTime);
      total += currentAmount(item, order, at, true);
    }
  }
  return total;
}

/** Buys every still-available order of the cart from the buyer's wallet, in one transaction. */
export async function fulfillAvailable(
  walletClient: WalletClient<Transport, Chain | undefined, Account | undefined>,
  {
    seaport,
    orders,
    fulfillerConduitKey = zeroHash,
    recipient = zeroAddress,
    account,
    value,
  }: FulfillAvailableParameters,
): Promise<FulfillAvailableReturnType> {
  const buyer = account ?? walletClient.account;
  if (!buyer) throw new Error('fulfillAvailable: no account to buy with');
  if (orders.length === 0) throw new Error('fulfillAvailable: the cart is empty');
  const components = orders.map(({ order }) => order);
  const { offerFulfillments, considerationFulfillments } = cartFulfillments(components);
  const advancedOrders = orders.map((signed) => advancedOrder(signed, 1n, 1n, signed.extraData ?? '0x'));
  return walletClient.writeContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'fulfillAvailableAdvancedOrders',
    args: [
      advancedOrders,
      [],
      offerFulfillments,
      considerationFulfillments,
      fulfillerConduitKey,
      recipient,
      BigInt(orders.length),
    ],
    value: value ?? cartValue(components),
    account: buyer,
    chain: walletClient.chain ?? null,
  });
}

/**
 * Which of `orderHashes` a mined transaction filled, in their given order: those named by an `OrderFulfilled`
 * event in its receipt's logs (emitted by `seaport` when given; pass it, since any contract the sale calls
 * could log a look-alike event). The rest were skipped.
 */
export function boughtOrders(receiptLogs: readonly Log[], orderHashes: readonly Hex[], seaport?: Address): Hex[] {
  const events = parseEventLogs({ abi: seaportAbi, logs: [...receiptLogs], eventName: 'OrderFulfilled' });
  const filled = new Set(
    events
      .filter((event) => seaport === undefined || isAddressEqual(event.address, seaport))
      .map((event) => event.args.orderHash.toLowerCase()),
  );
  return orderHashes.filter((hash) => filled.has(hash.toLowerCase()));
}
