import { type Address, zeroHash } from 'viem';
import { describe, expect, it } from 'vitest';
import { testOrderFrame } from '#tests/helpers/orderFrames';
import { buildOffer, type OfferTarget } from '../seaport/buildOffer';
import { ItemType, type OrderComponents, OrderType } from '../seaport/seaportTypes';
import { offerRoyaltyProblem, readOffer } from './offerRules';

const offerer: Address = '0x1111111111111111111111111111111111111111';
const weth: Address = '0x2222222222222222222222222222222222222222';
const card: Address = '0x3333333333333333333333333333333333333333';
const fee: Address = '0x000000000000000000000000000000000000fee0';
const creator: Address = '0x4444444444444444444444444444444444444444';
const now = 1_800_000_000n;
const context = {
  offerer,
  currencies: [{ code: 4, token: weth }],
  feeBps: 250,
  feeRecipient: fee,
  conduitKey: zeroHash,
  zone: '0x000000000000000000000000000000000000a11e' as const,
  settler: '0x5555555555555555555555555555555555555555' as Address,
  now,
};

const offerParameters = (target: OfferTarget, quantity = 1, unitPrice = 10_000n) => ({
  offerer,
  target,
  quantity,
  unitPrice,
  token: weth,
  platformFee: { bps: 250, recipient: fee },
  royalty: { receiver: creator, amount: unitPrice / 20n },
  ...testOrderFrame(now),
});
const offer = (target: OfferTarget, quantity = 1, unitPrice = 10_000n) =>
  buildOffer(offerParameters(target, quantity, unitPrice));

const withItem = (order: OrderComponents, index: number, change: object): OrderComponents => ({
  ...order,
  consideration: order.consideration.map((item, i) => (i === index ? { ...item, ...change } : item)),
});

describe('readOffer', () => {
  it('reads a bid (marked in its zone hash), and refuses an order naming another zone or hash', () => {
    const bid = buildOffer({ ...offerParameters({ kind: 'token', contract: card, tokenId: 7n }), bid: true });
    expect(bid.orderType).toBe(OrderType.FULL_RESTRICTED);
    expect(readOffer(bid, context).shape).toMatchObject({ kind: 'token', restricted: true });
    expect(readOffer(offer({ kind: 'token', contract: card, tokenId: 7n }), context).shape?.restricted).toBe(false);
    expect(readOffer({ ...bid, zone: creator }, context).problem).toMatch(/Kirafuda zone/);
    expect(readOffer({ ...bid, zoneHash: `0x${'1'.repeat(64)}` }, context).problem).toMatch(/zoneHash/);
    expect(readOffer(bid, { ...context, settler: undefined }).problem).toMatch(/settlement account/);
  });

  it('reads a token, a collection and a trait offer as the island builds them', () => {
    expect(readOffer(offer({ kind: 'token', contract: card, tokenId: 7n }), context).shape).toMatchObject({
      kind: 'token',
      tokenId: 7n,
      quantity: 1,
      unitPrice: 10_000n,
      currencyCode: 4,
    });
    const several = offer({ kind: 'collection', contract: card }, 3);
    expect(several.orderType).toBe(OrderType.PARTIAL_RESTRICTED);
    expect(readOffer(several, context).shape).toMatchObject({ kind: 'collection', quantity: 3, unitPrice: 10_000n });
    expect(readOffer(offer({ kind: 'trait', contract: card, root: 99n }), context).shape).toMatchObject({
      kind: 'trait',
      root: 99n,
    });
  });

  it('refuses what Seaport or the platform cannot take, each with its reason', () => {
    const token = offer({ kind: 'token', contract: card, tokenId: 7n });
    const problem = (order: OrderComponents, over: object = {}) => readOffer(order, { ...context, ...over }).problem;
    expect(problem(token, { offerer: creator })).toMatch(/your wallet/);
    expect(problem({ ...token, offer: [{ ...token.offer[0], itemType: ItemType.NATIVE } as never] })).toMatch(/ERC-20/);
    expect(problem(token, { currencies: [] })).toMatch(/ERC-20 this chain lists/);
    expect(problem({ ...token, orderType: OrderType.PARTIAL_RESTRICTED })).toMatch(/exactly that card/);
    expect(problem({ ...token, orderType: OrderType.FULL_OPEN })).toMatch(/orderType/);
    expect(problem(withItem(token, 0, { recipient: creator }))).toMatch(/to the offerer/);
    expect(problem(withItem(token, 1, { endAmount: 1n, startAmount: 1n }))).toMatch(/platform fee/);
    expect(problem(withItem(token, 2, { token: card }))).toMatch(/offered ERC-20/);
    expect(problem({ ...token, endTime: now + 200n * 86_400n })).toMatch(/180 days/);
    expect(problem(token, { conduitKey: `0x${'1'.repeat(64)}` })).toMatch(/conduitKey/);
    const three = offer({ kind: 'collection', contract: card }, 3);
    expect(problem(withItem(three, 2, { startAmount: 1_501n, endAmount: 1_501n }))).toMatch(/divide/);
    expect(problem({ ...three, orderType: OrderType.FULL_RESTRICTED })).toMatch(/partially fillable/);
    expect(problem(offer({ kind: 'collection', contract: card }, 101))).toMatch(/1 to 100/);
  });
});

describe('offerRoyaltyProblem', () => {
  it('wants the royalty for every card asked for, and pays nobody else', () => {
    const three = offer({ kind: 'collection', contract: card }, 3);
    const shape = readOffer(three, context).shape;
    if (!shape) throw new Error('no shape');
    expect(offerRoyaltyProblem(three, shape, { receiver: creator, amount: 500n }, fee)).toBeUndefined();
    expect(offerRoyaltyProblem(three, shape, { receiver: creator, amount: 501n }, fee)).toMatch(/royalty/);
    expect(offerRoyaltyProblem(three, shape, { receiver: offerer, amount: 0n }, fee)).toMatch(/not the platform/);
  });
});
