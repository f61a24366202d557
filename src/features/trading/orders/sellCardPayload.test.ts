import { zeroAddress, zeroHash } from 'viem';
import { describe, expect, test } from 'vitest';
import { buildSellOrder } from '../seaport/buildSellOrder';
import { toOrderJson } from '../seaport/orderJson';
import { sellCardSchema } from './sellCardPayload';

const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const card = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const order = toOrderJson(
  buildSellOrder({
    seller,
    nft: { contract: card, tokenId: 7n },
    price: 1000n,
    currency: zeroAddress,
    platformFee: { bps: 0, recipient: zeroAddress },
    startTime: 1n,
    endTime: 2n,
    salt: 3n,
    counter: 0n,
    conduitKey: zeroHash,
    zone: '0x000000000000000000000000000000000000a11e',
  }),
);
const signature = `0x${'ab'.repeat(65)}`;

describe('the sell-card payload', () => {
  test('reads the spec’s payload, amounts as decimal strings, addresses in any case', () => {
    const body = {
      chain_id: 1,
      contract_address: card.toLowerCase(),
      token_id: '7',
      price: '1000',
      signature,
      seller_address: seller.toLowerCase(),
      exchange: '0x0000000000000068F116a894984e2DB1123eB395',
      currency_code: 2,
      order,
    };
    const parsed = sellCardSchema.parse(body);
    expect(parsed).toMatchObject({
      chain_id: 1,
      contract_address: card,
      token_id: 7n,
      price: 1000n,
      seller_address: seller,
    });
    expect(parsed.order.offer[0]?.identifierOrCriteria).toBe(7n);
  });

  test('also reads the spec’s second reading (contract, sign, from; no exchange)', () => {
    const parsed = sellCardSchema.parse({
      chain_id: '1',
      contract: card,
      token_id: 7,
      price: '1000',
      sign: signature,
      from: seller,
      currency_code: '2',
      order,
    });
    expect(parsed).toMatchObject({ contract_address: card, signature, seller_address: seller });
    expect(parsed.exchange).toBeUndefined();
  });

  test('reads token_id and price as 0x hex or safe numbers too, as other Seaport clients send them', () => {
    const base = { chain_id: 1, contract: card, sign: signature, from: seller, currency_code: 2, order };
    expect(sellCardSchema.parse({ ...base, token_id: '0x7', price: '0x3E8' })).toMatchObject({
      token_id: 7n,
      price: 1000n,
    });
    expect(sellCardSchema.parse({ ...base, token_id: 7, price: 1000 })).toMatchObject({ token_id: 7n, price: 1000n });
    expect(sellCardSchema.safeParse({ ...base, token_id: '7', price: 2 ** 60 }).success).toBe(false);
  });

  test('takes every signature form Seaport takes: 65 and 64 bytes, bulk, and a contract wallet’s bytes', () => {
    const base = { chain_id: 1, contract: card, token_id: '7', price: '1000', from: seller, currency_code: 2, order };
    for (const bytes of [65, 64, 64 + 3 + 32, 65 + 3 + 32 * 24, 2, 0, 2048]) {
      const sign = `0x${'Ab'.repeat(bytes)}`;
      expect(sellCardSchema.parse({ ...base, sign }).signature, `${bytes} bytes`).toBe(sign.toLowerCase());
    }
  });

  test('refuses a zero price, a signature that is not whole bytes of hex, and a missing order', () => {
    const base = { chain_id: 1, contract: card, token_id: '7', sign: signature, from: seller, currency_code: 2, order };
    expect(sellCardSchema.safeParse({ ...base, price: '0' }).success).toBe(false);
    for (const sign of ['0x123', 'ab'.repeat(65), `0x${'zz'.repeat(65)}`, `0x${'ab'.repeat(2049)}`, 65]) {
      expect(sellCardSchema.safeParse({ ...base, price: '1', sign }).success, String(sign)).toBe(false);
    }
    expect(sellCardSchema.safeParse({ ...base, price: '1', order: undefined }).success).toBe(false);
    expect(sellCardSchema.safeParse({ ...base, price: '1', currency_code: '' }).success).toBe(false);
  });
});
