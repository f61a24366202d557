/**
 * What a Seaport order asks for at a given moment. An item whose start and end amounts differ moves linearly
 * from one to the other between the order's start and end time (a declining-price listing); Seaport rounds
 * consideration amounts up and offer amounts down, from the block's timestamp.
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/contracts/lib/AmountDeriver.sol `_locateCurrentAmount`
 */
import { type Address, getAddress } from 'viem';
import { ItemType, type OrderComponents } from './seaportTypes';

/** The amount of an item at `now` (unix seconds), as Seaport derives it. */
export function currentAmount(
  item: { readonly startAmount: bigint; readonly endAmount: bigint },
  window: { readonly startTime: bigint; readonly endTime: bigint },
  now: bigint,
  roundUp: boolean,
): bigint {
  if (item.startAmount === item.endAmount) return item.endAmount;
  const duration = window.endTime - window.startTime;
  const clamped = now < window.startTime ? window.startTime : now > window.endTime ? window.endTime : now;
  const elapsed = clamped - window.startTime;
  const remaining = duration - elapsed;
  const total = item.startAmount * remaining + item.endAmount * elapsed;
  return roundUp ? (total + duration - 1n) / duration : total / duration;
}

/** What the order's consideration adds up to at `now` (what a buyer of a listing pays). */
export function considerationAt(order: OrderComponents, now: bigint): bigint {
  return order.consideration.reduce((sum, item) => sum + currentAmount(item, order, now, true), 0n);
}

/** Whether any consideration item's amount changes over time (a declining-price listing). */
export function isDeclining(order: Pick<OrderComponents, 'consideration'>): boolean {
  return order.consideration.some((item) => item.startAmount !== item.endAmount);
}

/** The consideration total at the start (`startAmount`s) or at the end (`endAmount`s). */
export function considerationTotal(order: Pick<OrderComponents, 'consideration'>, at: 'start' | 'end'): bigint {
  return order.consideration.reduce((sum, item) => sum + (at === 'start' ? item.startAmount : item.endAmount), 0n);
}

/**
 * What a buyer pays for `orders` at `at`: the native coin (the transaction's value) and each ERC-20's total,
 * keyed by the token's checksummed address (what to check the balance of and approve).
 */
export function paymentAt(
  orders: readonly OrderComponents[],
  at: bigint,
): { native: bigint; tokens: Map<Address, bigint> } {
  let native = 0n;
  const tokens = new Map<Address, bigint>();
  for (const order of orders) {
    for (const item of order.consideration) {
      const amount = currentAmount(item, order, at, true);
      if (item.itemType === ItemType.NATIVE) native += amount;
      else if (item.itemType === ItemType.ERC20) {
        const token = getAddress(item.token);
        tokens.set(token, (tokens.get(token) ?? 0n) + amount);
      }
    }
  }
  return { native, tokens };
}
