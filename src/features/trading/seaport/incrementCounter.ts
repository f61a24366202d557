/**
 * Voids every open order of the sender on one Seaport at once: raises the sender's counter, which every signed
 * order includes, so older signatures no longer match. New listings must read the new counter (`getCounter`).
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Cancel"
 */
import type { Account, Address, Chain, Hash, Transport, WalletClient } from 'viem';

import { seaportAbi } from './seaportAbi';

/** Parameters of {@link incrementCounter}. */
export interface IncrementCounterParameters {
  seaport: Address;
  /** The offerer's account; the wallet client's own when absent. */
  account?: Account | Address;
}

/** The transaction hash. */
export type IncrementCounterReturnType = Hash;

/** Raises the sender's Seaport counter, cancelling all of their orders signed before. */
export async function incrementCounter(
  walletClient: WalletClient<Transport, Chain | undefined, Account | undefined>,
  { seaport, account }: IncrementCounterParameters,
): Promise<IncrementCounterReturnType> {
  const offerer = account ?? walletClient.account;
  if (!offerer) throw new Error('incrementCounter: no account to send with');
  return walletClient.writeContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'incrementCounter',
    account: offerer,
    chain: walletClient.chain ?? null,
  });
}
