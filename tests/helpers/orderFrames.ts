/**
 * The frame of the orders the pure order tests build (src/features/trading/seaport/orderFrame.ts): fillable from a
 * minute before `now` for a day, salt 1, counter 0, Seaport itself as conduit, and a zone address of its own (no
 * chain runs here).
 */
import { zeroHash } from 'viem';
import type { OrderFrame } from '../../src/features/trading/seaport/orderFrame';

/** The zone the frame names. */
export const TEST_ORDER_ZONE = '0x000000000000000000000000000000000000a11e' as const;

/** The frame of an order built at `now` (unix seconds). */
export function testOrderFrame(now: bigint): OrderFrame {
  return {
    startTime: now - 60n,
    endTime: now + 86_400n,
    salt: 1n,
    counter: 0n,
    conduitKey: zeroHash,
    zone: TEST_ORDER_ZONE,
  };
}
