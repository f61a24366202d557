import { describe, expect, it } from 'vitest';
import { MAX_OFFSET_CARDS } from './cardFilters.ts';
import { pageOutOfReach } from './outOfReach.ts';

const ask = (query: string) => pageOutOfReach(new URLSearchParams(query), '/en/market');

describe('a page number past the numbered pages', () => {
  it('is refused with the last numbered page of the same list', () => {
    const last = Math.floor(MAX_OFFSET_CARDS / 24) + 1;
    expect(ask('sort=price_asc&page=60')).toEqual({
      page: 60,
      lastPage: last,
      lastHref: `/en/market?sort=price_asc&page=${last}`,
    });
    expect(ask(`page=${last + 1}`)?.page).toBe(last + 1);
    expect(ask('page=12&per_page=100')).toMatchObject({ page: 12, lastPage: 11 });
  });

  it('lets through the numbered pages, a cursor, and what the list itself refuses or ignores', () => {
    const last = Math.floor(MAX_OFFSET_CARDS / 24) + 1;
    expect(ask(`page=${last}`)).toBeNull();
    expect(ask('page=11&per_page=100')).toBeNull();
    expect(ask('page=60&after=newest~2026-01-01T00:00:00Z~5')).toBeNull();
    expect(ask('page=abc')).toBeNull();
    expect(ask('')).toBeNull();
    // A per_page the list refuses counts as the default one.
    expect(ask('page=60&per_page=1000')?.lastPage).toBe(last);
  });
});
