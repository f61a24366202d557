import { type Address, zeroAddress, zeroHash } from 'viem';
import { describe, expect, test } from 'vitest';

import { basicOrderParameters } from './basicOrderParameters';
import { type BuildSellOrderParameters, buildSellOrder } from './buildSellOrder';
import { ItemType, OrderType } from './seaportTypes';

const SELLER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FEES: Address = '0x000000000000000000000000000000000000fee0';
const CREATOR: Address = '0x0000000000000000000000000000000000c0ffee';
const CARD: Address = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const ATEM: Address = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const CONDUIT_KEY = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266000000000000000000000000';

function listing(overrides: Partial<BuildSellOrderParameters> = {}): BuildSellOrderParameters {
  return {
    seller: SELLER,
    nft: { contract: CARD, tokenId: 7n },
    price: 1_000_000_000_000_000_003n,
    currency: zeroAddress,
    platformFee: { bps: 250, recipient: FEES },
    royalty: { receiver: CREATOR, amount: 50_000_000_000_000_000n },
    startTime: 1_700_000_000n,
    endTime: 1_700_086_400n,
    salt: 42n,
    counter: 3n,
    conduitKey: CONDUIT_KEY,
    zone: '0x000000000000000000000000000000000000a11e',
    ...overrides,
  };
}

describe('buildSellOrder', () => {
  test('offers the one card and asks for seller proceeds, platform fee and royalty that add up to the price', () => {
    const order = buildSellOrder(listing());
    expect(order.offer).toEqual([
      { itemType: ItemType.ERC721, token: CARD, identifierOrCriteria: 7n, startAmount: 1n, endAmount: 1n },
    ]);
    const fee = (1_000_000_000_000_000_003n * 250n) / 10_000n;
    expect(order.consideration.map((item) => [item.recipient, item.startAmount, item.endAmount])).toEqual([
      [
        SELLER,
        1_000_000_000_000_000_003n - fee - 50_000_000_000_000_000n,
        1_000_000_000_000_000_003n - fee - 50_000_000_000_000_000n,
      ],
      [FEES, fee, fee],
      [CREATOR, 50_000_000_000_000_000n, 50_000_000_000_000_000n],
    ]);
    expect(order.consideration.reduce((sum, item) => sum + item.startAmount, 0n)).toBe(1_000_000_000_000_000_003n);
  });

  test('a native-coin listing pays in item type 0 with the zero token; an ERC-20 listing in item type 1 with the token', () => {
    const native = buildSellOrder(listing());
    expect(native.consideration.every((item) => item.itemType === ItemType.NATIVE && item.token === zeroAddress)).toBe(
      true,
    );
    const erc20 = buildSellOrder(listing({ currency: ATEM }));
    expect(erc20.consideration.every((item) => item.itemType === ItemType.ERC20 && item.token === ATEM)).toBe(true);
  });

  test('carries the seller, times, salt, counter and conduit key into an order restricted to the zone', () => {
    const order = buildSellOrder(listing());
    expect(order).toMatchObject({
      offerer: SELLER,
      zone: '0x000000000000000000000000000000000000a11e',
      zoneHash: zeroHash,
      orderType: OrderType.FULL_RESTRICTED,
      startTime: 1_700_000_000n,
      endTime: 1_700_086_400n,
      salt: 42n,
      counter: 3n,
      conduitKey: CONDUIT_KEY,
    });
  });

  test('leaves out the royalty item when there is no royalty, and the fee item when the fee is 0', () => {
    expect(buildSellOrder(listing({ royalty: { receiver: CREATOR, amount: 0n } })).consideration).toHaveLength(2);
    const { royalty: _royalty, ...withoutRoyalty } = listing();
    const bare = buildSellOrder({ ...withoutRoyalty, platformFee: { bps: 0, recipient: FEES } });
    expect(bare.consideration).toHaveLength(1);
    expect(bare.consideration[0]?.startAmount).toBe(1_000_000_000_000_000_003n);
  });

  test('refuses a price of 0, a fee outside 0..10000 bps, a fee plus royalty that leaves the seller nothing, and an end before the start', () => {
    expect(() => buildSellOrder(listing({ price: 0n }))).toThrow(RangeError);
    expect(() => buildSellOrder(listing({ platformFee: { bps: 10_001, recipient: FEES } }))).toThrow(RangeError);
    expect(() => buildSellOrder(listing({ platformFee: { bps: 2.5, recipient: FEES } }))).toThrow(RangeError);
    expect(() =>
      buildSellOrder(
        listing({
          price: 100n,
          platformFee: { bps: 5_000, recipient: FEES },
          royalty: { receiver: CREATOR, amount: 50n },
        }),
      ),
    ).toThrow(/nothing for the seller/);
    expect(() => buildSellOrder(listing({ endTime: 1_700_000_000n }))).toThrow(RangeError);
  });
});

/** An open order, as listings were before the zone (they still fill through the basic route). */
const openOrder = (parameters: BuildSellOrderParameters) => ({
  ...buildSellOrder(parameters),
  zone: zeroAddress,
  orderType: OrderType.FULL_OPEN,
});

describe('basicOrderParameters', () => {
  test('maps a native listing to basic order type 0 with the fee and royalty as additional recipients', () => {
    const order = openOrder(listing());
    const basic = basicOrderParameters(order, '0x1234', zeroHash);
    expect(basic).toMatchObject({
      considerationToken: zeroAddress,
      considerationAmount: order.consideration[0]?.startAmount,
      offerer: SELLER,
      offerToken: CARD,
      offerIdentifier: 7n,
      offerAmount: 1n,
      basicOrderType: 0,
      offererConduitKey: CONDUIT_KEY,
      fulfillerConduitKey: zeroHash,
      totalOriginalAdditionalRecipients: 2n,
      signature: '0x1234',
    });
    expect(basic?.additionalRecipients).toEqual([
      { amount: order.consideration[1]?.startAmount, recipient: FEES },
      { amount: order.consideration[2]?.startAmount, recipient: CREATOR },
    ]);
  });

  test('maps an ERC-20 listing to basic order type 8 (ERC20_TO_ERC721_FULL_OPEN)', () => {
    expect(basicOrderParameters(openOrder(listing({ currency: ATEM })), '0x')?.basicOrderType).toBe(8);
  });

  test('gives nothing for an order whose first item does not pay the offerer or whose items mix currencies', () => {
    const order = buildSellOrder(listing());
    const [first, ...rest] = order.consideration;
    if (!first) throw new Error('no consideration');
    expect(basicOrderParameters({ ...order, consideration: [...rest, first] }, '0x')).toBeUndefined();
    expect(
      basicOrderParameters(
        {
          ...order,
          consideration: [first, ...rest.map((item) => ({ ...item, itemType: ItemType.ERC20, token: ATEM }))],
        },
        '0x',
      ),
    ).toBeUndefined();
  });
});
