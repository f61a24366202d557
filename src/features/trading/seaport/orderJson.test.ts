import { zeroAddress, zeroHash } from 'viem';
import { describe, expect, test } from 'vitest';
import { buildSellOrder } from './buildSellOrder';
import { orderHash } from './orderHash';
import { orderJsonSchema, parseOrderJson, toOrderJson } from './orderJson';

const order = buildSellOrder({
  seller: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  nft: { contract: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9', tokenId: 2n ** 200n },
  price: 10n ** 18n,
  currency: zeroAddress,
  platformFee: { bps: 250, recipient: '0x000000000000000000000000000000000000fee0' },
  startTime: 1n,
  endTime: 2n,
  salt: 2n ** 255n,
  counter: 3n,
  conduitKey: zeroHash,
  zone: '0x000000000000000000000000000000000000a11e',
});

describe('order JSON', () => {
  test('round-trips an order with uint256 values as decimal strings, keeping its hash', () => {
    const json = toOrderJson(order);
    expect(json['salt']).toBe((2n ** 255n).toString());
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    const back = parseOrderJson(json);
    expect(back && orderHash(back)).toBe(orderHash(order));
  });

  test('accepts numbers for small fields and ignores totalOriginalConsiderationItems', () => {
    const json = { ...toOrderJson(order), counter: 3, totalOriginalConsiderationItems: 2 };
    expect(parseOrderJson(json)?.counter).toBe(3n);
  });

  test('reads an order written as seaport-js writes it (hex salt and criteria, numbers as strings), to the same hash', () => {
    const json = toOrderJson(order);
    const hexSalt = `0x${(2n ** 255n).toString(16).padStart(64, '0')}`;
    const asSeaportJs = {
      ...json,
      salt: hexSalt,
      counter: '0x3',
      startTime: 1,
      orderType: '2',
      offer: (json['offer'] as Record<string, unknown>[]).map((item) => ({
        ...item,
        identifierOrCriteria: `0x${(2n ** 200n).toString(16)}`,
      })),
      totalOriginalConsiderationItems: 2,
    };
    const read = parseOrderJson(asSeaportJs);
    expect(read && orderHash(read)).toBe(orderHash(order));
    // Stored again in the one canonical form.
    expect(read && toOrderJson(read)).toEqual(json);
  });

  test('refuses a JSON number past 2^53 - 1 (its digits are already lost), naming the field', () => {
    const result = orderJsonSchema.safeParse({ ...toOrderJson(order), salt: 2 ** 60 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['salt'], message: expect.stringMatching(/string/) });
  });

  test('refuses values that do not fit: negative, too large, malformed addresses', () => {
    const json = toOrderJson(order);
    expect(orderJsonSchema.safeParse({ ...json, salt: '-1' }).success).toBe(false);
    expect(orderJsonSchema.safeParse({ ...json, salt: (2n ** 256n).toString() }).success).toBe(false);
    expect(orderJsonSchema.safeParse({ ...json, salt: `0x1${'0'.repeat(64)}` }).success).toBe(false);
    expect(orderJsonSchema.safeParse({ ...json, salt: '-0x1' }).success).toBe(false);
    expect(orderJsonSchema.safeParse({ ...json, orderType: '' }).success).toBe(false);
    expect(orderJsonSchema.safeParse({ ...json, orderType: null }).success).toBe(false);
    expect(orderJsonSchema.safeParse({ ...json, offerer: '0x1234' }).success).toBe(false);
    expect(parseOrderJson({})).toBeUndefined();
  });
});
