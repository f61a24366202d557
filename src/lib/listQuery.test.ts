import { describe, expect, test } from 'vitest';
import { CARD_LIST_QUERY_KEYS, cardListQuerySchema } from '~/features/catalogue/cards/cardFilters';
import { CARD_QUERY_KEYS, parseListQuery, withQuery } from './listQuery';

const parse = (search: string) => parseListQuery(cardListQuerySchema, new URLSearchParams(search), CARD_QUERY_KEYS);

describe('parseListQuery', () => {
  test('reads valid filters and keeps their raw values for the form', () => {
    const parsed = parse('chain_id=137&sort=price_asc&status=listed&currency_code=6&price_min=0.5&page=2');
    expect(parsed.ignored).toEqual([]);
    expect(parsed.value).toMatchObject({ chainId: 137, sort: 'price_asc', status: 'listed', page: 2 });
    expect(parsed.value.priceMinWei).toBe('500000000000000000');
    expect(parsed.values).toEqual({
      chain_id: '137',
      sort: 'price_asc',
      status: 'listed',
      currency_code: '6',
      price_min: '0.5',
      page: '2',
    });
  });

  test('the card list reads every key its schema knows, the sale type included', () => {
    expect([...CARD_QUERY_KEYS].sort()).toEqual([...CARD_LIST_QUERY_KEYS].sort());
    const parsed = parse('sale_type=auction');
    expect(parsed.ignored).toEqual([]);
    expect(parsed.value.saleType).toBe('auction');
    expect(parsed.values).toEqual({ sale_type: 'auction' });
  });

  test('a price range without a currency is dropped and named', () => {
    const parsed = parse('price_min=0.5&sort=price_asc');
    expect(parsed.ignored).toEqual(['price_min']);
    expect(parsed.value.priceMinWei).toBeUndefined();
  });

  test('treats the blank fields a GET form submits as absent, without reporting them', () => {
    const parsed = parse('chain_id=&currency_code=&price_min=&price_max=&category_id=&status=all&sort=newest');
    expect(parsed.ignored).toEqual([]);
    expect(parsed.value).toMatchObject({ chainId: undefined, priceMinWei: undefined, status: 'all', sort: 'newest' });
  });

  test('drops a refused value, keeps the other filters and names the dropped key', () => {
    const parsed = parse('chain_id=abc&sort=most_viewed');
    expect(parsed.ignored).toEqual(['chain_id']);
    expect(parsed.value).toMatchObject({ chainId: undefined, sort: 'most_viewed' });
    expect(parsed.values).toEqual({ sort: 'most_viewed' });
  });

  test('a minimum price above the maximum drops the minimum', () => {
    const parsed = parse('currency_code=2&price_min=2&price_max=1');
    expect(parsed.ignored).toEqual(['price_min']);
    expect(parsed.value.priceMaxWei).toBe('1000000000000000000');
    expect(parsed.value.priceMinWei).toBeUndefined();
  });

  test('keys the list does not know are neither read nor reported', () => {
    const parsed = parse('tab=NFTs&utm_source=x');
    expect(parsed.ignored).toEqual([]);
    expect(parsed.values).toEqual({});
    expect(parsed.value).toMatchObject({ page: 1, perPage: 24, status: 'all', sort: 'newest' });
  });
});

describe('withQuery', () => {
  test('adds the non-blank values as a query string', () => {
    expect(withQuery('/en/browse-category', { tab: 'NFTs', sort: '', page: undefined })).toBe(
      '/en/browse-category?tab=NFTs',
    );
  });

  test('gives the bare path when nothing is left', () => {
    expect(withQuery('/market', {})).toBe('/market');
  });
});
