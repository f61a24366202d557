/**
 * Seaport's order hash, computed locally: the EIP-712 struct hash of `OrderComponents` (no domain). It is
 * what `getOrderHash` returns on chain and what `getOrderStatus`, `OrderFulfilled` and `OrderCancelled`
 * name an order by, so the server can key listings by it without a chain call.
 * @see EIP-712 "hashStruct"
 */
import { type Hex, hashStruct } from 'viem';

import { type OrderComponents, seaportOrderTypes } from './seaportTypes';

/** The order hash Seaport uses for `order` (equal to `getOrderHash(order)` on chain). */
export function orderHash(order: OrderComponents): Hex {
  return hashStruct({
    primaryType: 'OrderComponents',
    types: seaportOrderTypes,
    data: { ...order, offer: [...order.offer], consideration: [...order.consideration] },
  });
}
