import { type Address, zeroAddress, zeroHash } from 'viem';
import { describe, expect, test } from 'vitest';
import { buildSellOrder } from './buildSellOrder';
import { considerationAt, currentAmount, paymentAt } from './orderAmounts';

const seller: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const token: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const listing = (price: bigint, currency: Address, endPrice?: bigint) =>
  buildSellOrder({
    seller,
    nft: { contract: token, tokenId: 1n },
    price,
    ...(endPrice === undefined ? {} : { endPrice }),
    currency,
    platformFee: { bps: 250, recipient: '0x000000000000000000000000000000000000fee0' },
    startTime: 1_000n,
    endTime: 2_000n,
    salt: 1n,
    counter: 0n,
    conduitKey: zeroHash,
    zone: '0x000000000000000000000000000000000000a11e',
  });

describe('order amounts', () => {
  test('an amount moves linearly from start to end, rounded up for what a buyer pays, clamped to the window', () => {
    const item = { startAmount: 1_000n, endAmount: 0n };
    const window = { startTime: 0n, endTime: 3n };
    expect([0n, 1n, 2n, 3n, 9n].map((at) => currentAmount(item, window, at, true))).toEqual([
      1_000n,
      667n,
      334n,
      0n,
      0n,
    ]);
    expect(currentAmount(item, window, 1n, false)).toBe(666n);
  });

  test('what a cart pays: the native coin and each ERC-20, at the moment given', () => {
    const declining = listing(4_000n, token, 2_000n);
    const orders = [listing(1_000n, zeroAddress), declining, listing(10n, token)];
    const { native, tokens } = paymentAt(orders, 1_500n);
    expect(native).toBe(1_000n);
    expect(tokens.get(token)).toBe(3_000n + 10n);
    expect(considerationAt(declining, 1_500n)).toBe(3_000n);
  });
});
