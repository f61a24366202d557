/**
 * What the listing and cancel endpoints share: who the seller is, the options tests override, and chain
 * reads that answer 502 (not 500) when an RPC is down.
 */
import { badGateway, unprocessable } from '~/server/api/errors';
import type { Chain } from '../chains/chains';
import { classifyChainError } from '../chains/publicClients.server';
import type { SellTermsEnv } from './sellTerms.server';

/** Who is listing: the signed-in user's wallet (lower-case, as stored). */
export interface Seller {
  walletAddress: string;
}

/** Options of the listing and cancel functions (tests pass their own chains and clock). */
export interface OrderOptions {
  chains?: readonly Chain[];
  env?: SellTermsEnv;
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
