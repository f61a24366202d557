/**
 * The browser side of a fill through the Kirafuda zone: asks the site for the zone's signature of `fulfiller`
 * filling an order now (`POST /api/v1/orders/{order_hash}/fulfillment`) and gives back the advanced order's
 * `extraData`. An open order (stored before the zone) needs none. Loaded with an act's flow.
 */
import type { Address, Hex } from 'viem';
import { api } from '~/client/siteApi';
import { orderHash } from '../seaport/orderHash';
import { isRestricted, type OrderComponents } from '../seaport/seaportTypes';

/** The fulfilment answer's part a fill uses. */
interface FulfilmentAnswer {
  fulfillment_data: { orders: { extraData: Hex }[] };
}

/** The zone's `extraData` for `fulfiller` filling `order` now (with card `tokenId` for a collection offer). */
export async function fetchFulfilment(order: OrderComponents, fulfiller: Address, tokenId?: bigint): Promise<Hex> {
  if (!isRestricted(order)) return '0x';
  const answer = await api.post<FulfilmentAnswer>(`/api/v1/orders/${orderHash(order)}/fulfillment`, {
    fulfiller,
    ...(tokenId === undefined ? {} : { token_id: tokenId.toString() }),
  });
  const [first] = answer.fulfillment_data.orders;
  if (!first) throw new Error('Order not found');
  return first.extraData;
}
