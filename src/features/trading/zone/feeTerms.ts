/**
 * The fee terms the server vouches for in a fulfilment signature (./zoneExtraData.ts): the platform fee the order
 * itself carries, as a rate of its price, and its recipient. The order was checked against the chain's fee when it
 * was stored, so the rate it carries is the one it was accepted with, whatever the admin set since; the zone then
 * checks, at the fill's own amounts, that the fill still pays it.
 */
import type { Address } from 'viem';
import { ItemType, type OrderComponents } from '../seaport/seaportTypes';
import type { ZoneContext } from './zoneExtraData';

const isCoin = (itemType: number) => itemType === ItemType.NATIVE || itemType === ItemType.ERC20;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The order's price as the zone reads it: the coin its offer gives, else the coin its consideration asks. */
export function zonePrice(order: Pick<OrderComponents, 'offer' | 'consideration'>): bigint {
  const offered = order.offer.filter((item) => isCoin(item.itemType)).reduce((sum, item) => sum + item.startAmount, 0n);
  if (offered > 0n) return offered;
  return order.consideration.filter((item) => isCoin(item.itemType)).reduce((sum, item) => sum + item.startAmount, 0n);
}

/** The fee terms of `order` paying `feeRecipient` (0 bps for an order that moves no coin or pays no fee). */
export function feeTermsOf(
  order: Pick<OrderComponents, 'offer' | 'consideration'>,
  feeRecipient: Address,
): ZoneContext {
  const price = zonePrice(order);
  const fee = order.consideration
    .filter((item) => isCoin(item.itemType) && same(item.recipient, feeRecipient))
    .reduce((sum, item) => sum + item.startAmount, 0n);
  const feeBps = price === 0n ? 0 : Number((fee * 10_000n) / price);
  return { feeBps: Math.min(feeBps, 10_000), feeRecipient };
}
