import { describe, expect, test } from 'vitest';
import { pageQuerySchema, toPage } from '~/lib/pagination';
import { containsPattern, etherToWei, tokenIdParam } from '~/lib/params';
import { cardListQuerySchema, filtersNeedListing, PRICE_NEEDS_CURRENCY } from './cardFilters';

const parse = (query: Record<string, string>) => cardListQuerySchema.safeParse(query);

describe('cardListQuerySchema', () => {
  test('an empty query lists everything, newest first, page 1 of 24', () => {
    expect(parse({}).data).toEqual({
      page: 1,
      perPage: 24,
      chainId: undefined,
      currencyCodes: undefined,
      priceMinWei: undefined,
      priceMaxWei: undefined,
      categoryId: undefined,
      creator: undefined,
      owner: undefined,
      status: 'all',
      sort: 'newest',
      q: undefined,
    });
  });

  test('reads prices in whole units as wei, addresses in lower case, and POL as both of its codes', () => {
    const result = parse({
      price_min: '0.05',
      price_max: '2',
      creator: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      currency_code: '6',
      q: '  fox  ',
    });
    expect(result.data).toMatchObject({
      priceMinWei: '50000000000000000',
      priceMaxWei: '2000000000000000000',
      creator: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      currencyCodes: [6, 10],
      q: 'fox',
    });
  });

  test('a price range without a currency is refused: amounts in different currencies do not compare', () => {
    const result = parse({ price_min: '0.5', price_max: '800' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(PRICE_NEEDS_CURRENCY);
    expect(parse({ price_min: '0.5', currency_code: '4' }).success).toBe(true);
  });

  test('a blank keyword means no keyword', () => {
    expect(parse({ q: '   ' }).data?.q).toBeUndefined();
  });

  test.each([
    [{ per_page: '101' }, 'per_page'],
    [{ page: '0' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ chain_id: '1e3' }, 'chain_id'],
    [{ currency_code: '12' }, 'currency_code'],
    [{ price_min: '.5', currency_code: '2' }, 'price_min'],
    [{ price_min: '1.0000000000000000001', currency_code: '2' }, 'price_min'],
    [{ price_min: '3', price_max: '2', currency_code: '2' }, 'price_min'],
    [{ price_min: '1' }, 'price_min'],
    [{ price_max: '1' }, 'price_max'],
    [{ sale_type: 'raffle' }, 'sale_type'],
    [{ owner: '0xabc' }, 'owner'],
    [{ sort: 'cheapest' }, 'sort'],
  ])('refuses %o, naming %s', (query, key) => {
    const result = parse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain(key);
  });

  test('asks for a listing only for listed status or price and currency filters', () => {
    const needs = (query: Record<string, string>) => {
      const data = parse(query).data;
      if (!data) throw new Error('invalid query');
      return filtersNeedListing(data);
    };
    expect(needs({})).toBe(false);
    expect(needs({ sort: 'price_asc' })).toBe(false);
    expect(needs({ status: 'listed' })).toBe(true);
    expect(needs({ price_max: '1', currency_code: '2' })).toBe(true);
    expect(needs({ sale_type: 'auction' })).toBe(true);
    expect(needs({ currency_code: '2' })).toBe(true);
  });
});

describe('query parameter helpers', () => {
  test('etherToWei is exact to 18 decimals and refuses anything else', () => {
    expect(etherToWei('1')).toBe(10n ** 18n);
    expect(etherToWei('0.000000000000000001')).toBe(1n);
    expect(etherToWei('123.45')).toBe(12345n * 10n ** 16n);
    for (const text of ['', '-1', '1e18', '0x10', '1.', '.1', '1,5', '0.0000000000000000001']) {
      expect([text, etherToWei(text)]).toEqual([text, null]);
    }
  });

  test('token ids drop leading zeros and must fit in uint256', () => {
    expect(tokenIdParam.parse('007')).toBe('7');
    expect(tokenIdParam.safeParse((2n ** 256n).toString()).success).toBe(false);
    expect(tokenIdParam.safeParse((2n ** 256n - 1n).toString()).success).toBe(true);
  });

  test('keywords match literally inside ILIKE patterns', () => {
    expect(containsPattern('100%_off\\')).toBe('%100\\%\\_off\\\\%');
  });

  test('pages: defaults, limits and page counts', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, per_page: 24 });
    expect(pageQuerySchema.safeParse({ per_page: '100' }).success).toBe(true);
    expect(toPage([1, 2], 0, { page: 1, perPage: 24 }).totalPages).toBe(1);
    expect(toPage([], 49, { page: 3, perPage: 24 })).toEqual({
      items: [],
      page: 3,
      perPage: 24,
      total: 49,
      totalPages: 3,
    });
  });
});
