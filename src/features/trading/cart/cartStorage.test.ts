/** The cart in `localStorage`: written as JSON, read back defensively (what is not an item is dropped). */
import { describe, expect, test } from 'vitest';
import type { CartItem } from './cartModel';
import { CART_STORAGE_KEY, readStoredCart, writeStoredCart } from './cartStorage';

/** A `Storage` stand-in over a map. */
function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const item: CartItem = {
  chainId: 1,
  contractAddress: '0x00000000000000000000000000000000000000aa',
  tokenId: '7',
  orderHash: `0x${'ab'.repeat(32)}`,
  name: 'Card 7',
  image: null,
  currentPrice: '1000',
  currencyCode: 2,
};

describe('the stored cart', () => {
  test('is written as JSON under its key and read back', () => {
    const storage = memoryStorage();
    writeStoredCart([item], storage);
    expect(JSON.parse(storage.values.get(CART_STORAGE_KEY) ?? '')).toEqual([item]);
    expect(readStoredCart(storage)).toEqual([item]);
  });

  test('keeps only what is an item; broken JSON, other shapes and a blocked storage read as empty', () => {
    const stored = [
      item,
      { ...item, currentPrice: '1e18' },
      { ...item, chainId: '1' },
      null,
      'x',
      { ...item, image: 3 },
    ];
    expect(readStoredCart(memoryStorage({ [CART_STORAGE_KEY]: JSON.stringify(stored) }))).toEqual([item]);
    expect(readStoredCart(memoryStorage({ [CART_STORAGE_KEY]: '{not json' }))).toEqual([]);
    expect(readStoredCart(memoryStorage({ [CART_STORAGE_KEY]: '{"a":1}' }))).toEqual([]);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredCart(blocked)).toEqual([]);
  });

  test('a storage that refuses to write (private mode, full) does not throw', () => {
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeStoredCart([item], refusing)).not.toThrow();
  });
});
