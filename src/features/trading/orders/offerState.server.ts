/**
 * What the chain says about an offer: the offerer's Seaport counter, the order's status, the offerer's
 * balance of the offered ERC-20 and its allowance to the order's conduit, and the royalty the collection asks
 * for one card at the unit price (ERC-2981 of the card asked for, or of a card of the collection).
 */
import { type Address, erc20Abi, type Hex, zeroAddress } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor } from '~/features/chains/publicClients.server';
import { seaportAbi } from '../seaport/seaportAbi';
import { operatorFor, royaltyOf } from './listingState.server';

/** The offer to read the state of. */
export interface OfferStateQuery {
  seaport: Address;
  offerer: Address;
  token: Address;
  conduitKey: Hex;
  orderHash: Hex;
  /** A card of the offer's collection (the one asked for, when it is a token offer), for its royalty. */
  card: { contract: Address; tokenId: bigint } | undefined;
  unitPrice: bigint;
}

/** What the chain says (see the module comment). */
export interface OfferState {
  operator: Address | undefined;
  counter: bigint;
  status: { isCancelled: boolean; totalFilled: bigint; totalSize: bigint };
  balance: bigint;
  allowance: bigint;
  royalty: { receiver: Address; amount: bigint };
}

const NO_ROYALTY = { receiver: zeroAddress, amount: 0n };

/** Reads {@link OfferState}; RPC failures reject (classify them with `classifyChainError`). */
export async function readOfferState(chain: Chain, query: OfferStateQuery): Promise<OfferState> {
  const client = publicClientFor(chain);
  const { seaport, offerer, token, card } = query;
  const operator = await operatorFor(client, seaport, query.conduitKey);
  const [counter, status, balance, allowance, royalty] = await Promise.all([
    client.readContract({ address: seaport, abi: seaportAbi, functionName: 'getCounter', args: [offerer] }),
    client.readContract({ address: seaport, abi: seaportAbi, functionName: 'getOrderStatus', args: [query.orderHash] }),
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [offerer] }),
    operator === undefined
      ? Promise.resolve(0n)
      : client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [offerer, operator] }),
    card === undefined ? Promise.resolve(NO_ROYALTY) : royaltyOf(client, card.contract, card.tokenId, query.unitPrice),
  ]);
  const [, isCancelled, totalFilled, totalSize] = status;
  return { operator, counter, status: { isCancelled, totalFilled, totalSize }, balance, allowance, royalty };
}
