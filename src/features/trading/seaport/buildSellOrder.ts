/**
 * Builds the Seaport order of a fixed-price card listing. Pure: no chain access; the caller reads the counter
 * (`getCounter`) and the royalty (`royaltyInfo(tokenId, price)`, ERC-2981) first.
 *
 * The order offers one ERC-721 card and asks, in this order, for: the seller's proceeds (price minus fee minus
 * royalty) paid to the seller, the platform fee paid to the fee recipient, and the royalty paid to its
 * receiver. Zero-amount fee or royalty items are left out. All items are in one currency (native coin or one
 * ERC-20). The order is restricted to the Kirafuda zone (FULL_RESTRICTED): it fills with the zone's signature in
 * the advanced order's `extraData`, so through `fulfillAdvancedOrder` (or a match, or fulfil-available), never
 * `fulfillBasicOrder`, which gives a zone no extra data. A declining price (`endPrice` below `price`) gives each item the split of `price` as start
 * amount and the split of `endPrice` as end amount: Seaport moves every item linearly from start to end time.
 *
 * @see docs/product-spec.md §3 "Sell-card payload"
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 * @see ERC-2981
 */
import { type Address, type Hex, zeroAddress, zeroHash } from 'viem';

import type { OrderFrame } from './orderFrame';
import { type ConsiderationItem, ItemType, type OrderComponents, OrderType } from './seaportTypes';

/** Basis points in one whole (100 %). */
const BPS = 10_000n;

/** Parameters of {@link buildSellOrder}. */
export interface BuildSellOrderParameters extends OrderFrame {
  seller: Address;
  nft: { readonly contract: Address; readonly tokenId: bigint };
  /** What the buyer pays in total, in wei of the currency. */
  price: bigint;
  /** ERC-20 token the price is in; the zero address for the chain's native coin. */
  currency: Address;
  /** Platform fee as basis points of the price (0..10000), rounded down, and who receives it. */
  platformFee: { readonly bps: number; readonly recipient: Address };
  /** The price at `endTime` for a declining-price listing (Dutch auction); absent for a fixed price. */
  endPrice?: bigint;
  /**
   * ERC-2981 royalty for this price (`royaltyInfo(tokenId, price)`), and for a declining listing `endAmount`
   * for the end price; absent or amount 0 means none.
   */
  royalty?: { readonly receiver: Address; readonly amount: bigint; readonly endAmount?: bigint };
  /** What the zone hash says (../zone/zoneHash.ts); zero for an ordinary listing. */
  zoneHash?: Hex;
}

/** The order; sign it with `signOrder`. */
export type BuildSellOrderReturnType = OrderComponents;

/** Thrown for impossible listings: non-positive price, fee out of range, fee plus royalty not below the price, bad times. */
export type BuildSellOrderErrorType = RangeError;

/** Builds a Seaport 1.6 `OrderComponents` for listing one card at a fixed price. */
export function buildSellOrder(parameters: BuildSellOrderParameters): BuildSellOrderReturnType {
  const { seller, nft, price, currency, platformFee, royalty, startTime, endTime, salt, counter, conduitKey } =
    parameters;
  const endPrice = parameters.endPrice ?? price;
  if (price <= 0n) throw new RangeError('price must be positive');
  if (endPrice <= 0n || endPrice > price) throw new RangeError('end price must be positive and at most the price');
  if (!Number.isInteger(platformFee.bps) || platformFee.bps < 0 || platformFee.bps > 10_000) {
    throw new RangeError('platform fee must be whole basis points between 0 and 10000');
  }
  const royaltyAmount = royalty?.amount ?? 0n;
  if (royaltyAmount < 0n) throw new RangeError('royalty must not be negative');
  if (endTime <= startTime) throw new RangeError('end time must be after start time');

  const endRoyalty = endPrice === price ? royaltyAmount : (royalty?.endAmount ?? 0n);
  if (endRoyalty < 0n) throw new RangeError('royalty must not be negative');

  const split = (total: bigint, royaltyPart: bigint) => {
    const fee = (total * BigInt(platformFee.bps)) / BPS;
    const proceeds = total - fee - royaltyPart;
    if (proceeds <= 0n) throw new RangeError('fee and royalty leave nothing for the seller');
    return { fee, proceeds, royalty: royaltyPart };
  };
  const start = split(price, royaltyAmount);
  const end = split(endPrice, endRoyalty);

  const itemType = currency === zeroAddress ? ItemType.NATIVE : ItemType.ERC20;
  const pay = (part: 'fee' | 'proceeds' | 'royalty', recipient: Address): ConsiderationItem => ({
    itemType,
    token: currency,
    identifierOrCriteria: 0n,
    startAmount: start[part],
    endAmount: end[part],
    recipient,
  });
  const consideration = [pay('proceeds', seller)];
  if (start.fee > 0n || end.fee > 0n) consideration.push(pay('fee', platformFee.recipient));
  if (royalty && (royaltyAmount > 0n || endRoyalty > 0n)) consideration.push(pay('royalty', royalty.receiver));

  return {
    offerer: seller,
    zone: parameters.zone,
    offer: [
      {
        itemType: ItemType.ERC721,
        token: nft.contract,
        identifierOrCriteria: nft.tokenId,
        startAmount: 1n,
        endAmount: 1n,
      },
    ],
    consideration,
    orderType: OrderType.FULL_RESTRICTED,
    startTime,
    endTime,
    zoneHash: parameters.zoneHash ?? zeroHash,
    salt,
    conduitKey,
    counter,
  };
}
