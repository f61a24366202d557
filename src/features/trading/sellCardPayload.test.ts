import { zeroAddress, zeroHash } from 'viem';
import { describe, expect, test } from 'vitest';
import { toOrderJson } from './orderJson';
import { buildSellOrder } from './seaport/buildSellOrder';
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

  test('refuses a zero price, a short signature and a missing order', () => {
    const base = { chain_id: 1, contract: card, token_id: '7', sign: signature, from: seller, currency_code: 2, order };
    expect(sellCardSchema.safeParse({ ...base, price: '0' }).success).toBe(false);
    expect(sellCardSchema.safeParse({ ...base, price: '1', sign: '0x1234' }).success).toBe(false);
    expect(sellCardSchema.safeParse({ ...base, price: '1', order: undefined }).success).toBe(false);
  });
});
