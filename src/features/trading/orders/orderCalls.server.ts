/**
 * What the listing and cancel endpoints share: who the seller is, the options tests override, and chain
 * reads that answer 502 (not 500) when an RPC is down.
 */

import type { Address, Hex } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { classifyChainError, publicClientFor } from '~/features/chains/publicClients.server';
import { badGateway, unprocessable } from '~/server/api/errors';
import { seaportAbi } from '../seaport/seaportAbi';
import type { SellTermsSettings } from '../terms/sellTerms.server';
import type { SettlerSettings } from './settler.server';

/** Who is listing: the signed-in user's wallet (lower-case, as stored). */
export interface Seller {
  walletAddress: string;
}

/** Options of the listing and cancel functions (tests pass their own chains and clock). */
export interface OrderOptions {
  chains?: readonly Chain[];
  /** Default: the server's settings. */
  settings?: SellTermsSettings & SettlerSettings;
  now?: Date;
}

/** Runs a chain read, turning an RPC that does not answer into 502 instead of 500. */
export async function onChain<T>(chain: Chain, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const kind = classifyChainError(error);
    if (kind === 'unreachable' || kind === 'rpc-error')
      throw badGateway(`${chain.chainName} is not answering; try again`);
    if (kind === 'no-data') throw unprocessable(`The contracts on ${chain.chainName} did not answer`);
    throw error;
  }
}

/**
 * What the chain says of one stored order: whether it was filled (any part), and whether it is void (its own
 * `cancel`, or the offerer's counter raised past the one it was signed with).
 */
export async function orderEndOnChain(
  chain: Chain,
  order: { exchange: string; orderHash: string; offerer: string; counter: string },
): Promise<{ filled: boolean; cancelled: boolean }> {
  const client = publicClientFor(chain);
  const exchange = order.exchange as Address;
  const [status, counter] = await onChain(chain, () =>
    Promise.all([
      client.readContract({
        address: exchange,
        abi: seaportAbi,
        functionName: 'getOrderStatus',
        args: [order.orderHash as Hex],
      }),
      client.readContract({
        address: exchange,
        abi: seaportAbi,
        functionName: 'getCounter',
        args: [order.offerer as Address],
      }),
    ]),
  );
  const [, isCancelled, totalFilled] = status;
  return { filled: totalFilled > 0n, cancelled: isCancelled || counter > BigInt(order.counter) };
}
