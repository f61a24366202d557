/** The bulk listing island's pure parts: unlisted cards by chain, and the prices of the chosen cards. */

import { describe, expect, it } from 'vitest';
import { MAX_LISTINGS_PER_REQUEST } from '../orders/sellCardPayload';
import { cardKey } from '../parts/cardKey';
import { type BulkCard, bulkPrices, MAX_BULK_CARDS, type OwnedItem, unlistedByChain } from './bulkListingModel';

const card = (chainId: number, tokenId: number): BulkCard => ({
  chainId,
  contractAddress: '0x00000000000000000000000000000000000CA4D5',
  tokenId: String(tokenId),
  name: `Card ${tokenId}`,
  image: null,
  category: { name: 'コレクション', nameEn: 'Collection' },
});
const item = (chainId: number, tokenId: number, listed = false): OwnedItem => ({
  ...card(chainId, tokenId),
  listing: listed ? { price: '1' } : null,
});

describe('unlistedByChain', () => {
  it('keeps the cards without a listing, by chain in the given order, leaving out other and empty chains', () => {
    const items = [item(137, 1), item(1, 2), item(1, 3, true), item(56, 4, true), item(1, 5), item(999, 6)];
    const byChain = unlistedByChain(items, [1, 56, 137]);
    expect([...byChain.keys()]).toEqual([1, 137]);
    expect(byChain.get(1)).toEqual([card(1, 2), card(1, 5)]);
    expect(byChain.get(137)).toEqual([card(137, 1)]);
  });
});

describe('bulkPrices', () => {
  const chosen = [card(1, 1), card(1, 2), card(1, 3)];

  it('reads one price per card, in the smallest unit', () => {
    const prices = { [cardKey(card(1, 1))]: '0.5', [cardKey(card(1, 2))]: '1,000', [cardKey(card(1, 3))]: '0.000001' };
    expect(bulkPrices(chosen, { samePrice: false, priceEach: '9', prices }, 6)).toEqual({
      ok: true,
      items: [
        { card: card(1, 1), price: 500_000n },
        { card: card(1, 2), price: 1_000_000_000n },
        { card: card(1, 3), price: 1n },
      ],
    });
  });

  it('gives every card the same price when asked, whatever was typed per card', () => {
    const result = bulkPrices(
      chosen,
      { samePrice: true, priceEach: '0.01', prices: { [cardKey(card(1, 1))]: 'x' } },
      18,
    );
    expect(result.ok && result.items.map((entry) => entry.price)).toEqual([10n ** 16n, 10n ** 16n, 10n ** 16n]);
  });

  it('allows as many cards as sell_cards takes', () => {
    expect(MAX_BULK_CARDS).toBe(MAX_LISTINGS_PER_REQUEST);
  });

  it('names the first card without a valid price, and refuses none or too many cards', () => {
    const prices = { [cardKey(card(1, 1))]: '1', [cardKey(card(1, 2))]: '0', [cardKey(card(1, 3))]: '' };
    expect(bulkPrices(chosen, { samePrice: false, priceEach: '', prices }, 18)).toEqual({
      ok: false,
      problem: 'invalidPrice',
      card: card(1, 2),
    });
    expect(bulkPrices(chosen, { samePrice: true, priceEach: '0.0000001', prices }, 6)).toMatchObject({
      problem: 'invalidPrice',
    });
    expect(bulkPrices([], { samePrice: true, priceEach: '1', prices: {} }, 18)).toEqual({
      ok: false,
      problem: 'noneSelected',
    });
    const many = Array.from({ length: MAX_BULK_CARDS + 1 }, (_, i) => card(1, i + 1));
    expect(bulkPrices(many, { samePrice: true, priceEach: '1', prices: {} }, 18)).toEqual({
      ok: false,
      problem: 'tooMany',
    });
  });
});
