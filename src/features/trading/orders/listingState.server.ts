/**
 * What the chain says about a listing, read in one round of batched calls: the card's owner and whether
 * the Seaport operator of the order may move it, the seller's Seaport counter, the order's status, and the
 * ERC-2981 royalty for the price (and a declining price's end price). Also resolves a conduit key to its conduit (cached per process).
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Conduits"
 * @see ERC-721, ERC-2981
 */
import {
  type Address,
  erc721Abi,
  getAddress,
  type Hex,
  type PublicClient,
  parseAbi,
  zeroAddress,
  zeroHash,
} from 'viem';
import type { Chain } from '~/features/chains/chains';
import { classifyChainError, publicClientFor } from '~/features/chains/publicClients.server';
import { cardAbi } from '../contracts/cardAbi';
import { seaportAbi } from '../seaport/seaportAbi';

const conduitControllerAbi = parseAbi([
  'function getConduit(bytes32 conduitKey) view returns (address conduit, bool exists)',
]);

const conduits = new Map<string, Promise<Address | undefined>>();

/**
 * The address that moves a seller's card for orders with `conduitKey`: Seaport itself for the zero key,
 * else the conduit the key names (undefined when no such conduit exists). Kept per process.
 */
export function operatorFor(client: PublicClient, seaport: Address, conduitKey: Hex): Promise<Address | undefined> {
  if (conduitKey === zeroHash) return Promise.resolve(getAddress(seaport));
  const key = `${client.chain?.id}:${seaport.toLowerCase()}:${conduitKey.toLowerCase()}`;
  let found = conduits.get(key);
  if (found === undefined) {
    found = (async () => {
      const [, , controller] = await client.readContract({
        address: seaport,
        abi: seaportAbi,
        functionName: 'information',
      });
      const [conduit, exists] = await client.readContract({
        address: controller,
        abi: conduitControllerAbi,
        functionName: 'getConduit',
        args: [conduitKey],
      });
      return exists ? getAddress(conduit) : undefined;
    })();
    conduits.set(key, found);
    found.catch(() => conduits.delete(key));
  }
  return found;
}

/** What the card's ERC-2981 `royaltyInfo` asks for `price`; nothing for a card without ERC-2981. */
export async function royaltyOf(
  client: PublicClient,
  card: Address,
  tokenId: bigint,
  price: bigint,
): Promise<{ receiver: Address; amount: bigint }> {
  try {
    const [receiver, amount] = await client.readContract({
      address: card,
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [tokenId, price],
    });
    return { receiver: getAddress(receiver), amount };
  } catch (error) {
    // A card without ERC-2981 (reverts, or no such function) pays no royalty.
    if (['reverted', 'no-data'].includes(classifyChainError(error))) return { receiver: zeroAddress, amount: 0n };
    throw error;
  }
}

/** The listing to read the state of. */
export interface ListingStateQuery {
  seaport: Address;
  card: Address;
  tokenId: bigint;
  seller: Address;
  conduitKey: Hex;
  orderHash: Hex;
  price: bigint;
  /** A declining listing's end price, whose royalty is read too. */
  endPrice?: bigint | undefined;
}

/** What the chain says (see the module comment). */
export interface ListingState {
  /** Current owner of the card, or undefined when the token does not exist. */
  owner: Address | undefined;
  /** The operator (conduit or Seaport), or undefined when the conduit key names no conduit. */
  operator: Address | undefined;
  /** Whether the operator may move the card for the seller (approval for all, or for this token). */
  approved: boolean;
  counter: bigint;
  status: { isValidated: boolean; isCancelled: boolean; totalFilled: bigint; totalSize: bigint };
  /** The royalty for `price`, and for `endPrice` (`endAmount`) when one was given. */
  royalty: { receiver: Address; amount: bigint; endAmount?: bigint };
}

/** Reads {@link ListingState}; RPC failures reject (classify them with `classifyChainError`). */
export async function readListingState(chain: Chain, query: ListingStateQuery): Promise<ListingState> {
  const client = publicClientFor(chain);
  const { seaport, card, tokenId, seller } = query;
  const owner = client
    .readContract({ address: card, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] })
    .then((value) => getAddress(value))
    .catch((error: unknown) => {
      if (classifyChainError(error) === 'reverted') return undefined;
      throw error;
    });
  const operator = operatorFor(client, seaport, query.conduitKey);
  const { endPrice } = query;
  const [ownerValue, operatorValue, counter, status, royalty, endRoyalty] = await Promise.all([
    owner,
    operator,
    client.readContract({ address: seaport, abi: seaportAbi, functionName: 'getCounter', args: [seller] }),
    client.readContract({ address: seaport, abi: seaportAbi, functionName: 'getOrderStatus', args: [query.orderHash] }),
    royaltyOf(client, card, tokenId, query.price),
    endPrice === undefined || endPrice === query.price ? undefined : royaltyOf(client, card, tokenId, endPrice),
  ]);
  let approved = false;
  if (operatorValue !== undefined && ownerValue !== undefined) {
    const [forAll, single] = await Promise.all([
      client.readContract({
        address: card,
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        args: [seller, operatorValue],
      }),
      client.readContract({ address: card, abi: erc721Abi, functionName: 'getApproved', args: [tokenId] }),
    ]);
    approved = forAll || single.toLowerCase() === operatorValue.toLowerCase();
  }
  const [isValidated, isCancelled, totalFilled, totalSize] = status;
  return {
    owner: ownerValue,
    operator: operatorValue,
    approved,
    counter,
    status: { isValidated, isCancelled, totalFilled, totalSize },
    royalty: endRoyalty ? { ...royalty, endAmount: endRoyalty.amount } : royalty,
  };
}

/** A listing to check: the card, its seller, and the Seaport and conduit key of its order. */
export interface ListableQuery {
  card: Address;
  tokenId: bigint;
  seller: Address;
  seaport: Address;
  conduitKey: Hex;
}

/**
 * Whether a listing can be filled as the chain stands now: the seller owns the card and the order's
 * operator may move it. The indexer asks before ending a listing on a Transfer or a revoked approval, so a
 * card that came back (or an approval given again) keeps its listing.
 */
export async function isListable(client: PublicClient, query: ListableQuery): Promise<boolean> {
  const { card, tokenId, seller } = query;
  const [owner, operator] = await Promise.all([
    client.readContract({ address: card, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] }).catch((error) => {
      if (classifyChainError(error) === 'reverted') return undefined;
      throw error;
    }),
    operatorFor(client, query.seaport, query.conduitKey),
  ]);
  if (!owner || !operator || owner.toLowerCase() !== seller.toLowerCase()) return false;
  const [forAll, single] = await Promise.all([
    client.readContract({ address: card, abi: erc721Abi, functionName: 'isApprovedForAll', args: [seller, operator] }),
    client.readContract({ address: card, abi: erc721Abi, functionName: 'getApproved', args: [tokenId] }),
  ]);
  return forAll || single.toLowerCase() === operator.toLowerCase();
}
