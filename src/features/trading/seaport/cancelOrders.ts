/**
 * Cancels listings on chain: the seller sends the orders to Seaport's `cancel`, after which they can never be
 * filled (`getOrderStatus` shows `isCancelled`). Only the offerer (or the order's zone) may cancel. To void
 * every open listing of a seller at once, `incrementCounter` is cheaper.
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Cancel"
 */
import type { Account, Address, Chain, Hash, Transport, WalletClient } from 'viem';

import { seaportAbi } from './seaportAbi';
import type { OrderComponents } from './seaportTypes';

/** Parameters of {@link cancelOrders}. */
export interface CancelOrdersParameters {
  seaport: Address;
  orders: readonly OrderComponents[];
  /** The offerer's account; the wallet client's own when absent. */
  account?: Account | Address;
}

/** The transaction hash. */
export type CancelOrdersReturnType = Hash;

/** Cancels the given orders of the sending offerer on one Seaport. */
export async function cancelOrders(
  walletClient: WalletClient<Transport, Chain | undefined, Account | undefined>,
  { seaport, orders, account }: CancelOrdersParameters,
): Promise<CancelOrdersReturnType> {
  const offerer = account ?? walletClient.account;
  if (!offerer) throw new Error('cancelOrders: no account to send with');
  return walletClient.writeContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'cancel',
    args: [orders],
    account: offerer,
    chain: walletClient.chain ?? null,
  });
}
