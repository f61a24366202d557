/**
 * Accepting an offer on Seaport as the card's owner. An offer restricted to the Kirafuda zone (every offer the
 * site makes now) takes `fulfillAdvancedOrder` with the zone's fulfilment signature as `extraData`: for one card
 * (fraction 1/N of an offer for N), with a criteria resolver naming the card (and its proof under a trait's root)
 * for a collection or trait offer. Seaport hands the owner the offered tokens and then collects the fee and
 * royalty from them, so the owner allows the conduit that much of the token (its cards it may move already: the
 * card approves the conduit from the start). An open token offer (stored before the zone) still takes
 * `fulfillBasicOrder` on the route ERC721_TO_ERC20, where the fee and royalty go straight from the offerer.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 */
import type { Account, Address, Chain, Hash, Hex, Transport, WalletClient } from 'viem';
import { zeroAddress } from 'viem';
import { advancedOrder } from './advancedOrder';
import type { BasicOrderParameters } from './basicOrderParameters';
import { seaportAbi } from './seaportAbi';
import { ItemType, isRestricted, type OrderComponents } from './seaportTypes';

/** Seaport's `BasicOrderRouteType.ERC721_TO_ERC20`: the fulfiller gives an ERC-721 for an ERC-20. */
const ERC721_TO_ERC20_ROUTE = 4;

/** What accepting an offer for one card needs. */
export interface AcceptOfferParameters {
  seaport: Address;
  order: OrderComponents;
  signature: Hex;
  /** The card given. */
  tokenId: bigint;
  /** Its proof under a trait offer's root (empty otherwise). */
  proof?: readonly Hex[];
  /** The conduit the owner approved (the platform's key). */
  fulfillerConduitKey: Hex;
  /** The zone's fulfilment signature of a restricted offer (../zone/zoneExtraData.ts). */
  extraData?: Hex;
}

/** The `fulfillBasicOrder` arguments of a token offer. */
export function acceptOfferBasicParameters(p: AcceptOfferParameters): BasicOrderParameters {
  const { order } = p;
  const [given] = order.offer;
  const [card, ...fees] = order.consideration;
  if (!given || !card || card.itemType !== ItemType.ERC721) throw new Error('acceptOffer: not a token offer');
  return {
    considerationToken: card.token,
    considerationIdentifier: card.identifierOrCriteria,
    considerationAmount: 1n,
    offerer: order.offerer,
    zone: order.zone,
    offerToken: given.token,
    offerIdentifier: 0n,
    offerAmount: given.endAmount,
    basicOrderType: ERC721_TO_ERC20_ROUTE * 4 + order.orderType,
    startTime: order.startTime,
    endTime: order.endTime,
    zoneHash: order.zoneHash,
    salt: order.salt,
    offererConduitKey: order.conduitKey,
    fulfillerConduitKey: p.fulfillerConduitKey,
    totalOriginalAdditionalRecipients: BigInt(fees.length),
    additionalRecipients: fees.map((item) => ({ amount: item.endAmount, recipient: item.recipient })),
    signature: p.signature,
  };
}

/** What the owner pays out of the offered tokens for one card (fee and royalty), on the advanced route. */
export function feesPerCard(order: OrderComponents): bigint {
  const quantity = order.consideration[0]?.endAmount ?? 1n;
  return order.consideration.slice(1).reduce((sum, item) => sum + item.endAmount, 0n) / quantity;
}

/** Accepts the offer for one card from the wallet's account (see the module comment). */
export async function acceptOffer(
  walletClient: WalletClient<Transport, Chain | undefined, Account>,
  p: AcceptOfferParameters,
): Promise<Hash> {
  const { order } = p;
  const chain = walletClient.chain ?? null;
  const wanted = order.consideration[0];
  if (wanted?.itemType === ItemType.ERC721 && !isRestricted(order)) {
    return walletClient.writeContract({
      address: p.seaport,
      abi: seaportAbi,
      functionName: 'fulfillBasicOrder',
      args: [acceptOfferBasicParameters(p)],
      chain,
    });
  }
  const quantity = wanted?.endAmount ?? 1n;
  return walletClient.writeContract({
    address: p.seaport,
    abi: seaportAbi,
    functionName: 'fulfillAdvancedOrder',
    args: [
      advancedOrder({ order, signature: p.signature }, 1n, quantity, p.extraData ?? '0x'),
      wanted?.itemType === ItemType.ERC721
        ? []
        : [{ orderIndex: 0n, side: 1, index: 0n, identifier: p.tokenId, criteriaProof: [...(p.proof ?? [])] }],
      p.fulfillerConduitKey,
      zeroAddress,
    ],
    chain,
  });
}
