/**
 * Selling several cards at once to the best offer on each ("sell now" for several cards): one Seaport 1.6
 * `fulfillAvailableAdvancedOrders` in which each offer is filled for one card (1/N of an offer for N), with a
 * criteria resolver naming the card for a collection or trait offer and the zone's signature of the fill as each
 * order's `extraData`. Seaport pays the owner every offered amount first and then collects each order's
 * consideration: the card, from the owner, to the offerer; the fee and royalty, from the owner, out of what they
 * just received (so the owner allows the conduit that much of each token). An offer filled, cancelled or expired
 * since it was read is skipped, and the owner keeps that card; if every offer is skipped the call reverts
 * (`NoSpecifiedOrdersAvailable`).
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Fulfill Available"
 */
import type { Account, Address, Chain, Hash, Hex, Transport, WalletClient } from 'viem';
import { zeroAddress } from 'viem';
import { advancedOrder } from './advancedOrder';
import { seaportAbi } from './seaportAbi';
import { ItemType, type OrderComponents } from './seaportTypes';

/** One card sold to one offer. */
export interface OfferAcceptance {
  order: OrderComponents;
  signature: Hex;
  /** The card given. */
  tokenId: bigint;
  /** Its proof under a trait offer's root (empty otherwise). */
  proof?: readonly Hex[];
  /** The zone's fulfilment signature of this fill for the owner. */
  extraData: Hex;
}

/** One item of one order in the call (`orderIndex` into the orders, `itemIndex` into its offer or consideration). */
interface FulfillmentComponent {
  readonly orderIndex: bigint;
  readonly itemIndex: bigint;
}

/** What {@link acceptOffers} needs. */
export interface AcceptOffersParameters {
  seaport: Address;
  acceptances: readonly OfferAcceptance[];
  /** The conduit the owner approved (the platform's key). */
  fulfillerConduitKey: Hex;
}

/**
 * The fulfillments: each offered amount its own transfer to the owner (Seaport aggregates offer items only from one
 * offerer, and each offer has its own), each consideration item its own transfer (the cards go to different
 * offerers; a fee and a royalty are a few small transfers).
 */
export function acceptanceFulfillments(orders: readonly OrderComponents[]) {
  const offerFulfillments: FulfillmentComponent[][] = [];
  const considerationFulfillments: FulfillmentComponent[][] = [];
  orders.forEach((order, o) => {
    const orderIndex = BigInt(o);
    order.offer.forEach((_item, i) => {
      offerFulfillments.push([{ orderIndex, itemIndex: BigInt(i) }]);
    });
    order.consideration.forEach((_item, i) => {
      considerationFulfillments.push([{ orderIndex, itemIndex: BigInt(i) }]);
    });
  });
  return { offerFulfillments, considerationFulfillments };
}

/** The call's arguments (see the module comment). */
export function acceptOffersArgs(p: AcceptOffersParameters) {
  const orders = p.acceptances.map((acceptance) => acceptance.order);
  const { offerFulfillments, considerationFulfillments } = acceptanceFulfillments(orders);
  const advancedOrders = p.acceptances.map(({ order, signature, extraData }) =>
    advancedOrder({ order, signature }, 1n, order.consideration[0]?.endAmount ?? 1n, extraData),
  );
  const criteriaResolvers = p.acceptances.flatMap(({ order, tokenId, proof }, o) =>
    order.consideration[0]?.itemType === ItemType.ERC721
      ? []
      : [{ orderIndex: BigInt(o), side: 1, index: 0n, identifier: tokenId, criteriaProof: [...(proof ?? [])] }],
  );
  return [
    advancedOrders,
    criteriaResolvers,
    offerFulfillments,
    considerationFulfillments,
    p.fulfillerConduitKey,
    zeroAddress,
    BigInt(orders.length),
  ] as const;
}

/** Sells every card of `p.acceptances` still wanted to its offer, from the wallet's account, in one transaction. */
export function acceptOffers(
  walletClient: WalletClient<Transport, Chain | undefined, Account>,
  p: AcceptOffersParameters,
): Promise<Hash> {
  if (p.acceptances.length === 0) throw new Error('acceptOffers: nothing to sell');
  return walletClient.writeContract({
    address: p.seaport,
    abi: seaportAbi,
    functionName: 'fulfillAvailableAdvancedOrders',
    args: acceptOffersArgs(p),
    chain: walletClient.chain ?? null,
  });
}
