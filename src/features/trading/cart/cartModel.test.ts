/** The cart's pure rules: grouping by chain with totals per currency, one item per card up to 30, sweeps. */
import { describe, expect, test } from 'vitest';
import {
  addItems,
  type CartItem,
  groupCart,
  MAX_CART_ITEMS,
  planCart,
  type SweepCandidate,
  sweepItems,
} from './cartModel';

const item = (tokenId: number, extra: Partial<CartItem> = {}): CartItem => ({
  chainId: 1,
  contractAddress: '0x00000000000000000000000000000000000000aa',
  tokenId: String(tokenId),
  orderHash: `0x${tokenId.toString(16).padStart(64, '0')}`,
  name: `Card ${tokenId}`,
  image: null,
  currentPrice: '100',
  currencyCode: 2,
  ...extra,
});

describe('groupCart', () => {
  test('groups by chain in order of first appearance, with totals per currency, leaving out excluded items', () => {
    const cart = [
      item(1),
      item(2, { chainId: 137, currencyCode: 6, currentPrice: '5' }),
      item(3, { currencyCode: 7, currentPrice: '40' }),
      item(4, { currentPrice: '250' }),
      item(5, { currentPrice: '1000' }),
    ];
    const groups = groupCart(cart, new Set([item(5).orderHash]));
    expect(groups.map((group) => [group.chainId, group.items.length])).toEqual([
      [1, 4],
      [137, 1],
    ]);
    expect(groups[0]?.totals).toEqual([
      { currencyCode: 2, amount: '350' },
      { currencyCode: 7, amount: '40' },
    ]);
    expect(groups[1]?.totals).toEqual([{ currencyCode: 6, amount: '5' }]);
  });
});

describe('addItems', () => {
  test('a card already in the cart is replaced by its newer listing; past 30 cards the rest is left out', () => {
    const newer = item(1, { orderHash: `0x${'ee'.repeat(32)}`, currentPrice: '90' });
    const once = addItems([item(1), item(2)], [newer, item(3)]);
    expect(once).toEqual({ cart: [newer, item(2), item(3)], left: 0 });
    const full = Array.from({ length: MAX_CART_ITEMS }, (_, index) => item(index + 1));
    expect(addItems(full, [item(31), item(32), item(5)])).toEqual({ cart: full, left: 2 });
  });
});

describe('sweepItems', () => {
  const card = (tokenId: number, listing: Partial<NonNullable<SweepCandidate['listing']>> | null, owner = '0xb0b') => ({
    chainId: 1,
    contractAddress: '0x00000000000000000000000000000000000000aa',
    tokenId: String(tokenId),
    name: `Card ${tokenId}`,
    image: `/img/${tokenId}.png`,
    owner,
    listing:
      listing === null
        ? null
        : {
            orderHash: `0x${tokenId.toString(16).padStart(64, '0')}`,
            saleType: 'fixed',
            currentPrice: String(tokenId * 10),
            currencyCode: 2,
            unbuyableReason: null,
            ...listing,
          },
  });

  test('takes the first N fixed or declining listings that are buyable and not the viewer’s own', () => {
    const cards = [
      card(1, { unbuyableReason: 'not_approved' }),
      card(2, { saleType: 'auction' }),
      card(3, {}, '0xME'),
      card(4, null),
      card(5, { saleType: 'declining' }),
      card(6, {}),
      card(7, {}),
    ];
    const swept = sweepItems(cards, 2, '0xme');
    expect(swept.map((entry) => entry.tokenId)).toEqual(['5', '6']);
    expect(swept[0]).toEqual({
      chainId: 1,
      contractAddress: '0x00000000000000000000000000000000000000aa',
      tokenId: '5',
      orderHash: `0x${'5'.padStart(64, '0')}`,
      name: 'Card 5',
      image: '/img/5.png',
      currentPrice: '50',
      currencyCode: 2,
    });
    expect(sweepItems(cards, 10, null).map((entry) => entry.tokenId)).toEqual(['3', '5', '6', '7']);
  });
});

describe('planCart', () => {
  test('buys the buyable listings that are not the buyer’s own; the rest is skipped with its reason', () => {
    const listing = (orderHash: string, sellerAddress: string) => ({
      orderHash,
      chainId: 1,
      contractAddress: '0xaa',
      tokenId: '1',
      saleType: 'fixed',
      currentPrice: '1',
      currencyCode: 2,
      sellerAddress,
      exchange: '0xee',
      order: {},
      signature: '0x',
    });
    const plan = planCart(
      [
        { orderHash: '0x1', buyable: true, reason: null, listing: listing('0x1', '0xSELLER') },
        { orderHash: '0x2', buyable: false, reason: 'filled', listing: listing('0x2', '0xseller') },
        { orderHash: '0x3', buyable: true, reason: null, listing: listing('0x3', '0xBUYER') },
        { orderHash: '0x4', buyable: false, reason: 'unknown', listing: null },
      ],
      '0xbuyer',
    );
    expect(plan.buy.map((entry) => entry.orderHash)).toEqual(['0x1']);
    expect(plan.skipped).toEqual([
      { orderHash: '0x2', reason: 'filled' },
      { orderHash: '0x3', reason: 'own' },
      { orderHash: '0x4', reason: 'unknown' },
    ]);
  });
});
