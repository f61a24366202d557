/**
 * Buys a listed card: sends the seller's signed order to Seaport from the buyer's wallet. Uses
 * `fulfillBasicOrder` when the order fits it (every card listing built by `buildSellOrder` does; it costs
 * less gas), else `fulfillOrder`. For a native-currency order the transaction carries the total price as
 * value; for an ERC-20 order the buyer must first approve the conduit named by `fulfillerConduitKey`
 * (or Seaport itself for the zero key) for the total.
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 * @see marketplace-spec.md §8 (transaction errors)
 */
import {
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type Transport,
  type WalletClient,
  zeroHash,
} from 'viem';

import { basicOrderParameters } from './basicOrderParameters';
import { seaportAbi } from './seaportAbi';
import { ItemType, type OrderComponents } from './seaportTypes';

/** Parameters of {@link fulfillOrder}. */
export interface FulfillOrderParameters {
  seaport: Address;
  order: OrderComponents;
  signature: Hex;
  /** Conduit the buyer approved ERC-20 payment to; zero hash (default) for Seaport itself. */
  fulfillerConduitKey?: Hex;
  /** `auto` (default) takes the basic route when the order allows it. */
  method?: 'auto' | 'basic' | 'standard';
  /** Buying account; the wallet client's own when absent. */
  account?: Account | Address;
}

/** The transaction hash (wait for its receipt to know the card changed hands). */
export type FulfillOrderReturnType = Hash;

/** Reverts come back as viem's `ContractFunctionExecutionError` naming Seaport's error (see `seaportAbi`). */
export type FulfillOrderErrorType = Error;

/** Native coin the buyer must send: the sum of the order's native consideration items. */
function nativeValue(order: OrderComponents): bigint {
  return order.consideration
    .filter((item) => item.itemType === ItemType.NATIVE)
    .reduce((sum, item) => sum + item.endAmount, 0n);
}

/** Fills a signed Seaport order from the buyer's wallet. */
export async function fulfillOrder(
  walletClient: WalletClient<Transport, Chain | undefined, Account | undefined>,
  { seaport, order, signature, fulfillerConduitKey = zeroHash, method = 'auto', account }: FulfillOrderParameters,
): Promise<FulfillOrderReturnType> {
  const buyer = account ?? walletClient.account;
  if (!buyer) throw new Error('fulfillOrder: no account to buy with');
  const value = nativeValue(order);
  const chain = walletClient.chain ?? null;

  const basic = method === 'standard' ? undefined : basicOrderParameters(order, signature, fulfillerConduitKey);
  if (method === 'basic' && !basic) throw new Error('fulfillOrder: the order does not fit fulfillBasicOrder');
  if (basic) {
    return walletClient.writeContract({
      address: seaport,
      abi: seaportAbi,
      functionName: 'fulfillBasicOrder',
      args: [basic],
      value,
      account: buyer,
      chain,
    });
  }
  const { counter: _counter, ...fields } = order;
  return walletClient.writeContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'fulfillOrder',
    args: [
      {
        parameters: { ...fields, totalOriginalConsiderationItems: BigInt(order.consideration.length) },
        signature,
      },
      fulfillerConduitKey,
    ],
    value,
    account: buyer,
    chain,
  });
}
