/**
 * Turns a signed listing into the arguments of Seaport's `fulfillBasicOrder`, the cheapest way to fill an
 * order that trades one ERC-721 for one currency. Seaport rebuilds the order from these fields and checks the
 * signature against it, so they must describe the signed order exactly.
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Fulfill Basic Order"
 */
import { type Address, type Hex, zeroHash } from 'viem';

import { ItemType, type OrderComponents } from './seaportTypes';

/** Seaport's `BasicOrderParameters` as viem encodes it. */
export interface BasicOrderParameters {
  considerationToken: Address;
  considerationIdentifier: bigint;
  considerationAmount: bigint;
  offerer: Address;
  zone: Address;
  offerToken: Address;
  offerIdentifier: bigint;
  offerAmount: bigint;
  basicOrderType: number;
  startTime: bigint;
  endTime: bigint;
  zoneHash: Hex;
  salt: bigint;
  offererConduitKey: Hex;
  fulfillerConduitKey: Hex;
  totalOriginalAdditionalRecipients: bigint;
  additionalRecipients: readonly { amount: bigint; recipient: Address }[];
  signature: Hex;
}

/** Basic order routes of Seaport's `BasicOrderRouteType` that a card listing can take. */
const ROUTE = { [ItemType.NATIVE]: 0, [ItemType.ERC20]: 2 } as const;

/**
 * The `fulfillBasicOrder` arguments for `order`, or `undefined` when the order does not fit a basic order
 * (not one ERC-721 for one currency, first item not to the offerer, amounts that change over time).
 */
export function basicOrderParameters(
  order: OrderComponents,
  signature: Hex,
  fulfillerConduitKey: Hex = zeroHash,
): BasicOrderParameters | undefined {
  const [offer, ...extraOffers] = order.offer;
  const [first, ...rest] = order.consideration;
  if (!offer || extraOffers.length > 0 || !first) return undefined;
  if (offer.itemType !== ItemType.ERC721 || offer.startAmount !== 1n || offer.endAmount !== 1n) return undefined;
  if (first.itemType !== ItemType.NATIVE && first.itemType !== ItemType.ERC20) return undefined;
  if (first.recipient.toLowerCase() !== order.offerer.toLowerCase()) return undefined;
  for (const item of order.consideration) {
    if (item.itemType !== first.itemType || item.token.toLowerCase() !== first.token.toLowerCase()) return undefined;
    if (item.startAmount !== item.endAmount || item.identifierOrCriteria !== 0n) return undefined;
  }
  return {
    considerationToken: first.token,
    considerationIdentifier: 0n,
    considerationAmount: first.endAmount,
    offerer: order.offerer,
    zone: order.zone,
    offerToken: offer.token,
    offerIdentifier: offer.identifierOrCriteria,
    offerAmount: 1n,
    // BasicOrderType = route * 4 + orderType.
    basicOrderType: ROUTE[first.itemType] * 4 + order.orderType,
    startTime: order.startTime,
    endTime: order.endTime,
    zoneHash: order.zoneHash,
    salt: order.salt,
    offererConduitKey: order.conduitKey,
    fulfillerConduitKey,
    totalOriginalAdditionalRecipients: BigInt(rest.length),
    additionalRecipients: rest.map((item) => ({ amount: item.endAmount, recipient: item.recipient })),
    signature,
  };
}
