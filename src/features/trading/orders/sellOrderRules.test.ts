import { type Address, zeroAddress, zeroHash } from 'viem';
import { describe, expect, test } from 'vitest';
import { testOrderFrame } from '#tests/helpers/orderFrames';
import { buildSellOrder } from '../seaport/buildSellOrder';
import { ItemType } from '../seaport/seaportTypes';
import { royaltyProblem, sellOrderProblem } from './sellOrderRules';

const seller: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const creator: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const platform: Address = '0x000000000000000000000000000000000000fee0';
const card: Address = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const now = 1_700_000_000n;
const price = 1_000_000n;

const order = (overrides: Partial<Parameters<typeof buildSellOrder>[0]> = {}) =>
  buildSellOrder({
    seller,
    nft: { contract: card, tokenId: 7n },
    price,
    currency: zeroAddress,
    platformFee: { bps: 250, recipient: platform },
    royalty: { receiver: creator, amount: 50_000n },
    ...testOrderFrame(now),
    ...overrides,
  });
const claims = { contractAddress: card, tokenId: 7n, price, seller };
const context = {
  currency: { itemType: ItemType.NATIVE, token: zeroAddress } as const,
  feeBps: 250,
  feeRecipient: platform,
  conduitKey: zeroHash,
  zone: '0x000000000000000000000000000000000000a11e' as const,
  now,
};
const platformConduit = `0x${'ab'.repeat(32)}` as const;

describe('sellOrderProblem', () => {
  test('accepts an order that pays the seller, the platform fee and the royalty in the listed currency', () => {
    expect(sellOrderProblem(order(), claims, context)).toBeUndefined();
  });

  test.each([
    ['another offerer', { ...claims, seller: creator }, /offerer/],
    ['another token', { ...claims, tokenId: 8n }, /token_id/],
    ['another contract', { ...claims, contractAddress: creator }, /contract_address/],
    ['another price', { ...claims, price: price + 1n }, /price/],
  ])('names the problem when the payload claims %s', (_name, changed, message) => {
    expect(sellOrderProblem(order(), changed, context)).toMatch(message);
  });

  test('refuses a currency the chain does not list, or an order paid in another token', () => {
    expect(sellOrderProblem(order(), claims, { ...context, currency: undefined })).toMatch(/currency_code/);
    const erc20 = { itemType: ItemType.ERC20, token: creator } as const;
    expect(sellOrderProblem(order(), claims, { ...context, currency: erc20 })).toMatch(/currency/);
  });

  test('refuses a fee below the platform’s, and any fee while no fee recipient is configured', () => {
    expect(sellOrderProblem(order({ platformFee: { bps: 100, recipient: platform } }), claims, context)).toMatch(/fee/);
    expect(sellOrderProblem(order(), claims, { ...context, feeRecipient: undefined })).toMatch(/not configured/);
    expect(sellOrderProblem(order(), claims, { ...context, feeBps: 0, feeRecipient: undefined })).toBeUndefined();
  });

  test('refuses an expired order, one that starts later than a minute from now, or one longer than 180 days', () => {
    expect(sellOrderProblem(order({ endTime: now }), claims, context)).toMatch(/expired/);
    expect(sellOrderProblem(order({ startTime: now + 61n }), claims, context)).toMatch(/startTime/);
    expect(sellOrderProblem(order({ startTime: now + 60n }), claims, context)).toBeUndefined();
    const days = (n: bigint) => now + n * 86_400n;
    expect(sellOrderProblem(order({ endTime: days(180n) }), claims, context)).toBeUndefined();
    expect(sellOrderProblem(order({ endTime: days(180n) + 1n }), claims, context)).toMatch(/180 days/);
    expect(sellOrderProblem(order({ endTime: 2n ** 255n }), claims, context)).toMatch(/180 days/);
  });

  test("refuses any conduit but the platform's: a listing elsewhere could show a price and never be buyable", () => {
    expect(sellOrderProblem(order(), claims, { ...context, conduitKey: platformConduit })).toMatch(/conduitKey/);
    expect(
      sellOrderProblem(order({ conduitKey: platformConduit }), claims, { ...context, conduitKey: platformConduit }),
    ).toBeUndefined();
  });
});

describe('royaltyProblem', () => {
  const royalty = { receiver: creator, amount: 50_000n };

  test('accepts the ERC-2981 royalty, and no royalty when the seller is the creator', () => {
    expect(royaltyProblem(order(), claims, royalty, platform)).toBeUndefined();
    const own = order({ seller: creator, royalty: undefined } as never);
    expect(royaltyProblem(own, { ...claims, seller: creator }, royalty, platform)).toBeUndefined();
  });

  test('refuses a missing or short royalty', () => {
    expect(royaltyProblem(order({ royalty: undefined } as never), claims, royalty, platform)).toMatch(/royalty/);
    expect(royaltyProblem(order({ royalty: { receiver: creator, amount: 1n } }), claims, royalty, platform)).toMatch(
      /royalty/,
    );
  });

  test('refuses payments to anyone but seller, platform and creator', () => {
    const stranger = order({ royalty: { receiver: '0x000000000000000000000000000000000000dEaD', amount: 60_000n } });
    expect(royaltyProblem(stranger, claims, royalty, platform)).toMatch(/royalty|not the seller/);
    expect(royaltyProblem(stranger, claims, { receiver: zeroAddress, amount: 0n }, platform)).toMatch(/not the seller/);
  });
});

describe('a declining price (Dutch auction)', () => {
  const declining = () =>
    order({ endPrice: 400_000n, royalty: { receiver: creator, amount: 50_000n, endAmount: 20_000n } });

  test('is accepted when every item declines and fee and royalty are paid at both ends', () => {
    const built = declining();
    expect(sellOrderProblem(built, claims, context)).toBeUndefined();
    expect(royaltyProblem(built, claims, { receiver: creator, amount: 50_000n, endAmount: 20_000n }, platform)).toBe(
      undefined,
    );
  });

  test('is refused when an amount rises over time', () => {
    const built = declining();
    const [first, ...rest] = built.consideration;
    if (!first) throw new Error('no item');
    const rising = { ...built, consideration: [{ ...first, endAmount: first.startAmount + 1n }, ...rest] };
    expect(sellOrderProblem(rising, claims, context)).toMatch(/only decline/);
  });

  test('is refused when the platform fee falls short at the end of the curve', () => {
    const built = declining();
    // One wei moves from the fee to the seller at the end: the total is unchanged, the fee is short.
    const consideration = built.consideration.map((item) =>
      item.recipient === platform
        ? { ...item, endAmount: item.endAmount - 1n }
        : item.recipient === seller
          ? { ...item, endAmount: item.endAmount + 1n }
          : item,
    );
    expect(sellOrderProblem({ ...built, consideration }, claims, context)).toMatch(/platform fee/);
  });

  test('is refused when the royalty at the end price is not paid', () => {
    const built = order({ endPrice: 400_000n, royalty: { receiver: creator, amount: 50_000n, endAmount: 0n } });
    expect(royaltyProblem(built, claims, { receiver: creator, amount: 50_000n, endAmount: 20_000n }, platform)).toMatch(
      /royalty/,
    );
  });
});
