import { describe, expect, it } from 'vitest';
import { type MadeOffer, outstandingIn } from './openOffers';

const WETH = '0x00000000000000000000000000000000000000aa';
const ATEM = '0x00000000000000000000000000000000000000bb';
const made = (token: string, endAmount: string, extra: Partial<MadeOffer> = {}): MadeOffer => ({
  chainId: 1,
  status: 'active',
  quantity: 1,
  remaining: 1,
  order: { offer: [{ token, endAmount }] },
  ...extra,
});

describe('what open offers still draw from one allowance', () => {
  it("adds each active offer's amount in the coin on the chain, for the cards it still takes", () => {
    const offers = [
      made(WETH, '100'),
      made(WETH.toUpperCase().replace('0X', '0x'), '50'),
      // A collection offer for four cards, one taken: three quarters of it still drawn.
      made(WETH, '400', { quantity: 4, remaining: 3 }),
      made(ATEM, '1000'),
      made(WETH, '7', { chainId: 137 }),
      made(WETH, '9', { status: 'filled', remaining: 0 }),
      made(WETH, '11', { status: 'cancelled' }),
    ];
    expect(outstandingIn(offers, 1, WETH)).toBe(100n + 50n + 300n);
    expect(outstandingIn(offers, 1, ATEM)).toBe(1000n);
    expect(outstandingIn([], 1, WETH)).toBe(0n);
  });
});
