/**
 * Buys a listed card: sends the seller's signed order to Seaport from the buyer's wallet. An order restricted to
 * the Kirafuda zone (every listing the site makes now) goes through `fulfillAdvancedOrder` with the zone's
 * fulfilment signature as `extraData` (../zone/); an open order (stored before the zone) through
 * `fulfillBasicOrder` when it fits it (it costs less gas), else `fulfillOrder` (a declining price always). For a native-currency
 * order the transaction carries the total price as value (for a declining price, the price a little before
 * now: Seaport charges the price at the block's time and returns the rest); for an ERC-20 order the buyer must
 * first approve the conduit named by `fulfillerConduitKey` (or Seaport itself for the zero key) for the total.
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 * @see docs/product-spec.md §8 (transaction errors)
 */
import {
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type Transport,
  type WalletClient,
  zeroAddress,
  zeroHash,
} from 'viem';
import { advancedOrder, orderParameters } from './advancedOrder';
import { basicOrderParameters } from './basicOrderParameters';
import { paymentAt } from './orderAmounts';
import { seaportAbi } from './seaportAbi';
import { isRestricted, type OrderComponents } from './seaportTypes';

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
  /** Native coin to send; by default what the order asks at {@link PRICE_BUFFER_SECONDS} before now. */
  value?: bigint;
  /** The zone's fulfilment signature of a restricted order (../zone/zoneExtraData.ts). */
  extraData?: Hex;
}

/**
 * How far back the default value and allowance look on a declining price: the block's timestamp may lag the
 * wallet's clock, and a declining price is higher earlier. Seaport returns whatever native coin is left over.
 */
export const PRICE_BUFFER_SECONDS = 120n;

/** Unix seconds a little before now, where a buyer's payment is taken (see {@link PRICE_BUFFER_SECONDS}). */
export function paymentTime(nowMs = Date.now()): bigint {
  return BigInt(Math.floor(nowMs / 1000)) - PRICE_BUFFER_SECONDS;
}

/** The transaction hash (wait for its receipt to know the card changed hands). */
export type FulfillOrderReturnType = Hash;

/** Reverts come back as viem's `ContractFunctionExecutionError` naming Seaport's error (see `seaportAbi`). */
export type FulfillOrderErrorType = Error;

/** Native coin the buyer must send at `at`: the sum of the order's native consideration items then. */
export function nativeValue(order: OrderComponents, at = paymentTime()): bigint {
  return paymentAt([order], at).native;
}

/** Fills a signed Seaport order from the buyer's wallet. */
export async function fulfillOrder(
  walletClient: WalletClient<Transport, Chain | undefined, Account | undefined>,
  {
    seaport,
    order,
    signature,
    fulfillerConduitKey = zeroHash,
    method = 'auto',
    account,
    ...rest
  }: FulfillOrderParameters,
): Promise<FulfillOrderReturnType> {
  const buyer = account ?? walletClient.account;
  if (!buyer) throw new Error('fulfillOrder: no account to buy with');
  const value = rest.value ?? nativeValue(order);
  const chain = walletClient.chain ?? null;

  if (isRestricted(order)) {
    return walletClient.writeContract({
      address: seaport,
      abi: seaportAbi,
      functionName: 'fulfillAdvancedOrder',
      args: [advancedOrder({ order, signature }, 1n, 1n, rest.extraData ?? '0x'), [], fulfillerConduitKey, zeroAddress],
      value,
      account: buyer,
      chain,
    });
  }
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
  return walletClient.writeContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'fulfillOrder',
    args: [
      {
        parameters: orderParameters(order),
        signature,
      },
      fulfillerConduitKey,
    ],
    value,
    account: buyer,
    chain,
  });
}
