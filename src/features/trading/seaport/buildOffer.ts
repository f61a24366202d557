/**
 * Builds the Seaport order of an offer, as OpenSea lays one out: the offerer gives an ERC-20 amount and
 * asks for the card (token offer), any card of the collection (`ERC721_WITH_CRITERIA`, criteria 0) or any
 * card under a merkle root (trait offer); the platform fee and the creator's royalty are consideration items
 * in the same ERC-20, paid out of the offered amount. An offer for up to N cards is partially fillable and
 * every amount is N times the amount for one card, so each fill of 1/N moves whole units. Every offer is
 * restricted to the Kirafuda zone (FULL_RESTRICTED, or PARTIAL_RESTRICTED for several cards). A bid on a timed
 * auction is a token offer whose zone hash marks it a bid: the server signs its fulfilment only for the
 * settlement, so a losing bid dies with its auction.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 */
import { type Address, zeroAddress, zeroHash } from 'viem';
import { BID_ZONE_HASH } from '../zone/zoneHash';
import type { OrderFrame } from './orderFrame';
import { type ConsiderationItem, ItemType, type OrderComponents, OrderType } from './seaportTypes';

/** What the offer asks for. */
export type OfferTarget =
  | { kind: 'token'; contract: Address; tokenId: bigint }
  | { kind: 'collection'; contract: Address }
  | { kind: 'trait'; contract: Address; root: bigint };

/** Parameters of {@link buildOffer}. */
export interface BuildOfferParameters extends OrderFrame {
  offerer: Address;
  target: OfferTarget;
  /** How many cards at most (1 for token offers). */
  quantity: number;
  /** What the offerer gives for one card, in the token's smallest unit. */
  unitPrice: bigint;
  /** The ERC-20 offered. */
  token: Address;
  platformFee: { bps: number; recipient: Address | undefined };
  /** The creator's royalty for one card at `unitPrice` (ERC-2981), when there is one. */
  royalty?: { receiver: Address; amount: bigint };
  /** A bid on a timed auction (a token offer only). */
  bid?: boolean;
}

/** The platform fee on one card at `unitPrice`. */
export function unitFee(unitPrice: bigint, bps: number): bigint {
  return (unitPrice * BigInt(bps)) / 10_000n;
}

/** The offer's `OrderComponents` (see the module comment). */
export function buildOffer(parameters: BuildOfferParameters): OrderComponents {
  const { offerer, target, unitPrice, token } = parameters;
  const quantity = BigInt(target.kind === 'token' ? 1 : parameters.quantity);
  const total = unitPrice * quantity;
  const wanted: ConsiderationItem =
    target.kind === 'token'
      ? {
          itemType: ItemType.ERC721,
          token: target.contract,
          identifierOrCriteria: target.tokenId,
          startAmount: 1n,
          endAmount: 1n,
          recipient: offerer,
        }
      : {
          itemType: ItemType.ERC721_WITH_CRITERIA,
          token: target.contract,
          identifierOrCriteria: target.kind === 'trait' ? target.root : 0n,
          startAmount: quantity,
          endAmount: quantity,
          recipient: offerer,
        };
  const payment = (amount: bigint, recipient: Address): ConsiderationItem => ({
    itemType: ItemType.ERC20,
    token,
    identifierOrCriteria: 0n,
    startAmount: amount * quantity,
    endAmount: amount * quantity,
    recipient,
  });
  const consideration = [wanted];
  const fee = unitFee(unitPrice, parameters.platformFee.bps);
  if (fee > 0n && parameters.platformFee.recipient) consideration.push(payment(fee, parameters.platformFee.recipient));
  const royalty = parameters.royalty;
  if (royalty && royalty.amount > 0n && royalty.receiver !== zeroAddress) {
    consideration.push(payment(royalty.amount, royalty.receiver));
  }
  const bid = parameters.bid === true && target.kind === 'token';
  return {
    offerer,
    zone: parameters.zone,
    offer: [{ itemType: ItemType.ERC20, token, identifierOrCriteria: 0n, startAmount: total, endAmount: total }],
    consideration,
    orderType: quantity > 1n ? OrderType.PARTIAL_RESTRICTED : OrderType.FULL_RESTRICTED,
    startTime: parameters.startTime,
    endTime: parameters.endTime,
    zoneHash: bid ? BID_ZONE_HASH : zeroHash,
    salt: parameters.salt,
    conduitKey: parameters.conduitKey,
    counter: parameters.counter,
  };
}
