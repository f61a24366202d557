/**
 * A signed Seaport order as the fill functions take it: `OrderParameters` are the signed `OrderComponents`
 * without the counter and with `totalOriginalConsiderationItems`; an `AdvancedOrder` adds the fraction to fill
 * and extra data. Shared by every fill: single, advanced, match and fulfil-available.
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (order structs)
 */
import type { Hex } from 'viem';
import type { OrderComponents } from './seaportTypes';

/** An order with its offerer's signature. */
export interface SignedOrder {
  readonly order: OrderComponents;
  readonly signature: Hex;
}

/** Seaport's `OrderParameters` of a signed order. */
export function orderParameters(order: OrderComponents) {
  const { counter: _counter, ...fields } = order;
  return { ...fields, totalOriginalConsiderationItems: BigInt(order.consideration.length) };
}

/**
 * Seaport's `AdvancedOrder` filling `numerator / denominator` of the order (the whole by default), with the zone's
 * `extraData` (its fulfilment signature, ../zone/zoneExtraData.ts; none for an open order).
 */
export function advancedOrder(
  { order, signature }: SignedOrder,
  numerator = 1n,
  denominator = 1n,
  extraData: Hex = '0x',
) {
  return { parameters: orderParameters(order), numerator, denominator, signature, extraData };
}
