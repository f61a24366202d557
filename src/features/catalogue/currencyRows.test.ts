import { describe, expect, test } from 'vitest';
import { groupById, toCurrencyAmount, toCurrencyVolume } from './currencyRows';

describe('currency rows', () => {
  test('read the same from either engine (bigint as text or number), null amounts as 0', () => {
    expect(toCurrencyVolume({ chain_id: '137', currency_code: 6, amount: '1500', sales: '3' })).toEqual({
      chainId: 137,
      currencyCode: 6,
      amount: '1500',
      sales: 3,
    });
    expect(toCurrencyAmount({ chain_id: 1, currency_code: 2, amount: null })).toEqual({
      chainId: 1,
      currencyCode: 2,
      amount: '0',
    });
  });

  test('group by their id column in the rows’ order; an id with no rows has no entry', () => {
    const rows = [
      { category_id: '7', chain_id: 1, currency_code: 2, amount: '10' },
      { category_id: 9, chain_id: 1, currency_code: 4, amount: '5' },
      { category_id: 7, chain_id: 137, currency_code: 6, amount: '20' },
    ];
    const grouped = groupById(rows, 'category_id', toCurrencyAmount);
    expect([...grouped.keys()]).toEqual([7, 9]);
    expect(grouped.get(7)?.map((amount) => amount.amount)).toEqual(['10', '20']);
    expect(grouped.has(8)).toBe(false);
  });
});
