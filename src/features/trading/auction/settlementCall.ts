/**
 * The settlement of a timed auction as one Seaport call: `matchAdvancedOrders` of the seller's restricted
 * listing (order 0) with the winning bid, a token offer (order 1), sent by the platform's settlement account with
 * the Kirafuda zone's signatures of both fills for it (the listing's vouching that the bid pays its fee and
 * royalty). The card goes from the listing's offer to the bid's first consideration item; the bid's
 * tokens pay the listing's ask (the seller's share of the reserve) and the bid's own fee and royalty items;
 * what is left of the bid goes to `recipient`, the seller. The seller thus receives the bid less fee and
 * royalty, to the wei.
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md "Match Orders"
 */
import type { Address, Hex } from 'viem';
import { advancedOrder, type SignedOrder } from '../seaport/advancedOrder';

const component = (orderIndex: number, itemIndex: number) => ({
  orderIndex: BigInt(orderIndex),
  itemIndex: BigInt(itemIndex),
});

/** The zone's `extraData` of each order of a settlement. */
export interface SettlementExtraData {
  listing: Hex;
  bid: Hex;
}

/** The arguments of `matchAdvancedOrders` settling `listing` with `bid`, leaving the rest to `seller`. */
export function settlementArgs(
  listing: SignedOrder,
  bid: SignedOrder,
  seller: Address,
  extraData: SettlementExtraData,
) {
  const fulfillments = [
    // The card: listing offer 0 → bid consideration 0 (to the bidder).
    { offerComponents: [component(0, 0)], considerationComponents: [component(1, 0)] },
    // The bid's tokens → the listing's ask (the seller's share of the reserve).
    { offerComponents: [component(1, 0)], considerationComponents: [component(0, 0)] },
    // The bid's tokens → the bid's fee and royalty items.
    ...bid.order.consideration.slice(1).map((_item, index) => ({
      offerComponents: [component(1, 0)],
      considerationComponents: [component(1, index + 1)],
    })),
  ];
  return [
    [advancedOrder(listing, 1n, 1n, extraData.listing), advancedOrder(bid, 1n, 1n, extraData.bid)],
    [],
    fulfillments,
    seller,
  ] as const;
}
