/**
 * Seaport 1.6 order vocabulary: the EIP-712 types a seller signs, the item and order type numbers, and the
 * TypeScript shapes of an order as viem encodes it (uint256 as bigint, uint8 as number).
 *
 * The type strings are Seaport's own (`ConsiderationTypeHashes`): `OrderComponents` refers to `OfferItem` and
 * `ConsiderationItem`, and the signed struct carries the offerer's `counter` (not
 * `totalOriginalConsiderationItems`, which only the fulfilment call carries).
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 * @see EIP-712
 * @see docs/product-spec.md §3 "Sell-card payload"
 */
import type { Address, Hex } from 'viem';

/** EIP-712 domain name of Seaport. */
export const SEAPORT_DOMAIN_NAME = 'Seaport';
/** EIP-712 domain version of the Seaport we deploy and sign for. */
export const SEAPORT_VERSION = '1.6';

/** Seaport's `ItemType` enum. */
export const ItemType = {
  NATIVE: 0,
  ERC20: 1,
  ERC721: 2,
  ERC1155: 3,
  ERC721_WITH_CRITERIA: 4,
  ERC1155_WITH_CRITERIA: 5,
} as const;
/** One of {@link ItemType}'s values. */
export type ItemTypeValue = (typeof ItemType)[keyof typeof ItemType];

/** Seaport's `OrderType` enum. Listings are `FULL_OPEN`: no zone, one whole fill. */
export const OrderType = {
  FULL_OPEN: 0,
  PARTIAL_OPEN: 1,
  FULL_RESTRICTED: 2,
  PARTIAL_RESTRICTED: 3,
  CONTRACT: 4,
} as const;
/** One of {@link OrderType}'s values. */
export type OrderTypeValue = (typeof OrderType)[keyof typeof OrderType];

/**
 * Whether `order` is restricted to a zone (FULL_ or PARTIAL_RESTRICTED with a zone): Seaport asks the zone at each
 * fill by anyone but the zone. Every order the site makes now is restricted to the Kirafuda zone; open ones were
 * stored before it.
 */
export function isRestricted(order: { readonly zone: string; readonly orderType: number }): boolean {
  return (
    (order.orderType === OrderType.FULL_RESTRICTED || order.orderType === OrderType.PARTIAL_RESTRICTED) &&
    order.zone.toLowerCase() !== '0x0000000000000000000000000000000000000000'
  );
}

/** The EIP-712 types of a Seaport order, for `signTypedData` / `hashStruct` with primary type `OrderComponents`. */
export const seaportOrderTypes = {
  OrderComponents: [
    { name: 'offerer', type: 'address' },
    { name: 'zone', type: 'address' },
    { name: 'offer', type: 'OfferItem[]' },
    { name: 'consideration', type: 'ConsiderationItem[]' },
    { name: 'orderType', type: 'uint8' },
    { name: 'startTime', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'zoneHash', type: 'bytes32' },
    { name: 'salt', type: 'uint256' },
    { name: 'conduitKey', type: 'bytes32' },
    { name: 'counter', type: 'uint256' },
  ],
  OfferItem: [
    { name: 'itemType', type: 'uint8' },
    { name: 'token', type: 'address' },
    { name: 'identifierOrCriteria', type: 'uint256' },
    { name: 'startAmount', type: 'uint256' },
    { name: 'endAmount', type: 'uint256' },
  ],
  ConsiderationItem: [
    { name: 'itemType', type: 'uint8' },
    { name: 'token', type: 'address' },
    { name: 'identifierOrCriteria', type: 'uint256' },
    { name: 'startAmount', type: 'uint256' },
    { name: 'endAmount', type: 'uint256' },
    { name: 'recipient', type: 'address' },
  ],
} as const;

/** What the offerer gives (for a listing: the card). */
export interface OfferItem {
  readonly itemType: ItemTypeValue;
  readonly token: Address;
  readonly identifierOrCriteria: bigint;
  readonly startAmount: bigint;
  readonly endAmount: bigint;
}

/** What someone receives when the order is filled (seller proceeds, platform fee, royalty). */
export interface ConsiderationItem extends OfferItem {
  readonly recipient: Address;
}

/** The signed part of a Seaport order. */
export interface OrderComponents {
  readonly offerer: Address;
  readonly zone: Address;
  readonly offer: readonly OfferItem[];
  readonly consideration: readonly ConsiderationItem[];
  readonly orderType: OrderTypeValue;
  readonly startTime: bigint;
  readonly endTime: bigint;
  readonly zoneHash: Hex;
  readonly salt: bigint;
  readonly conduitKey: Hex;
  readonly counter: bigint;
}
