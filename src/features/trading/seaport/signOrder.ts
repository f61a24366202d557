/**
 * Asks the offerer's wallet to sign a Seaport order, a listing or an offer (EIP-712 `eth_signTypedData_v4`).
 * The domain carries the chain id and the Seaport address, so the signature is good on that chain's Seaport
 * only.
 * @see EIP-712
 * @see docs/product-spec.md §3 "Sell-card payload" (signature), §8 "Typed-data signing error"
 */
import type { Account, Address, Chain, Hex, Transport, WalletClient } from 'viem';

import { seaportDomain } from './seaportDomain';
import { type OrderComponents, seaportOrderTypes } from './seaportTypes';

/** Parameters of {@link signOrder}. */
export interface SignOrderParameters {
  order: OrderComponents;
  /** Chain the order is for (must match the chain the Seaport runs on). */
  chainId: number;
  /** The Seaport contract on that chain. */
  seaport: Address;
  /** Signing account; the wallet client's own when absent. It must be the order's offerer. */
  account?: Account | Address;
}

/** The 65-byte signature. */
export type SignOrderReturnType = Hex;

/** Rejections from the wallet (e.g. the user refused, code 4001) pass through unchanged. */
export type SignOrderErrorType = Error;

/** Signs a Seaport order with the wallet, for one chain's Seaport. */
export async function signOrder(
  walletClient: WalletClient<Transport, Chain | undefined, Account | undefined>,
  { order, chainId, seaport, account }: SignOrderParameters,
): Promise<SignOrderReturnType> {
  const signer = account ?? walletClient.account;
  if (!signer) throw new Error('signOrder: no account to sign with');
  return walletClient.signTypedData({
    account: signer,
    domain: seaportDomain({ chainId, seaport }),
    types: seaportOrderTypes,
    primaryType: 'OrderComponents',
    message: { ...order, offer: [...order.offer], consideration: [...order.consideration] },
  });
}
