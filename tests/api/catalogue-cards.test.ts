/**
 * The public card API on the demo data: lists (filters, sorts, pages), the token page by address or
 * id, and view counting. Hidden cards and cards of hidden categories never show. Real HTTP.
 */
import { describe, expect, test } from 'vitest';
import type { CardDetail, CardSummary } from '../../src/features/catalogue/types.ts';
import { coinOf } from '../../src/features/chains/currencies.ts';
import { LOCAL_RATES } from '../../src/features/market/rates/rates.server.ts';
import {
  catalogueAppForFile,
  client,
  DEMO_CARDS,
  get,
  hidden,
  ids,
  type ListBody,
  list,
  MIO,
  wei,
} from './catalogueApp.ts';

catalogueAppForFile();

describe('GET /api/v1/cards', () => {
  test('lists visible cards newest first, 24 per page, with category, creator, owner and listing', async () => {
    const res = await list('/api/v1/cards');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, perPage: 24, total: DEMO_CARDS - 1, totalPages: 5 });
    expect(res.body.items).toHaveLength(24);
    expect(res.body.items[0]).toEqual({
      id: expect.any(Number),
      chainId: expect.any(Number),
      contractAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      tokenId: expect.stringMatching(/^\d+$/),
      serial: expect.any(Number),
      name: expect.any(String),
      nameEn: expect.any(String),
      image: expect.any(String),
      category: { id: expect.any(Number), name: expect.any(String), nameEn: expect.any(String) },
      creator: {
        id: expect.any(Number),
        name: expect.any(String),
        nameEn: expect.any(String),
        walletAddress: expect.any(String),
      },
      owner: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      listing:
        res.body.items[0]?.listing === null ? null : expect.objectContaining({ price: expect.stringMatching(/^\d+$/) }),
      bestOffer: null,
      views: expect.any(Number),
      rarity: { rank: expect.any(Number), of: expect.any(Number) },
    });
  });

  test('never shows a hidden card or a card of a hidden category', async () => {
    const all = [
      ...ids((await list('/api/v1/cards?per_page=100')).body),
      ...ids((await list('/api/v1/cards?per_page=100&page=2')).body),
    ];
    expect(all).toHaveLength(DEMO_CARDS - 1);
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(hidden.cardId);
    expect(all).not.toContain(hidden.categoryCardId);
    expect((await list(`/api/v1/cards?category_id=${hidden.categoryId}`)).body.total).toBe(0);
  });

  test('pages do not overlap and page numbers past the end are empty', async () => {
    const first = await list('/api/v1/cards?per_page=10');
    const second = await list('/api/v1/cards?per_page=10&page=2');
    expect(first.body.totalPages).toBe(12);
    expect(second.body.page).toBe(2);
    expect(ids(second.body).some((id) => ids(first.body).includes(id))).toBe(false);
    const beyond = await list('/api/v1/cards?per_page=10&page=13');
    expect(beyond.body.items).toEqual([]);
    expect(beyond.body.total).toBe(DEMO_CARDS - 1);
    // Deeper than 1,000 cards a page number is refused: the next cursor reaches it at the first page's cost.
    expect((await list('/api/v1/cards?per_page=100&page=11')).status).toBe(200);
    const deep = await get<{ message: string }>('/api/v1/cards?per_page=100&page=12');
    expect(deep.status).toBe(422);
    expect(deep.body.message).toMatch(/page.*after=/);
  });

  test('the next cursor walks the whole list without page numbers; a made-up cursor is refused (422)', async () => {
    const seen: number[] = [];
    let path = '/api/v1/cards?per_page=25&sort=most_viewed';
    for (let step = 0; step < 20; step++) {
      const page = await list(path);
      expect(page.status).toBe(200);
      seen.push(...ids(page.body));
      const next = (page.body as unknown as { next: string | null }).next;
      if (next === null) break;
      path = `/api/v1/cards?per_page=25&sort=most_viewed&after=${encodeURIComponent(next)}`;
    }
    expect(seen).toHaveLength(DEMO_CARDS - 1);
    expect(new Set(seen).size).toBe(seen.length);
    const refused = await list('/api/v1/cards?sort=newest&after=most_viewed~1~2');
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('after');
  });

  test('filters by chain, category, creator and owner', async () => {
    const polygon = await list('/api/v1/cards?chain_id=137&per_page=100');
    expect(polygon.body.total).toBe(30);
    expect(polygon.body.items.every((card) => card.chainId === 137)).toBe(true);
    const category = polygon.body.items[0]?.category?.id;
    const inCategory = await list(`/api/v1/cards?category_id=${category}&per_page=100`);
    expect(inCategory.body.total).toBe(10);
    expect(inCategory.body.items.every((card) => card.category?.id === category)).toBe(true);
    const byMio = await list(`/api/v1/cards?creator=${MIO.toUpperCase().replace('0X', '0x')}&per_page=100`);
    expect(byMio.body.total).toBe(19); // 20 cards, one hidden
    expect(byMio.body.items.every((card) => card.creator?.walletAddress === MIO)).toBe(true);
    const owner = polygon.body.items[0]?.owner ?? '';
    const owned = await list(`/api/v1/cards?owner=${owner}&per_page=100`);
    expect(owned.body.total).toBeGreaterThan(0);
    expect(owned.body.items.every((card) => card.owner === owner)).toBe(true);
  });

  test('status=listed keeps cards with an active listing; price and currency filters compare listing wei', async () => {
    const listed = await list('/api/v1/cards?status=listed&per_page=100');
    expect(listed.body.total).toBeGreaterThan(0);
    expect(listed.body.total).toBeLessThan(DEMO_CARDS - 1);
    expect(listed.body.items.every((card) => card.listing !== null)).toBe(true);
    const eth = await list('/api/v1/cards?currency_code=2&price_min=0.05&price_max=0.3&per_page=100');
    expect(eth.body.total).toBeGreaterThan(0);
    for (const card of eth.body.items) {
      expect(card.listing?.currencyCode).toBe(2);
      // A declining listing is filtered by what it asks now.
      expect(wei(card.listing?.currentPrice ?? '0')).toBeGreaterThanOrEqual(5n * 10n ** 16n);
      expect(wei(card.listing?.currentPrice ?? '0')).toBeLessThanOrEqual(3n * 10n ** 17n);
    }
    const allEth = await list('/api/v1/cards?currency_code=2&per_page=100');
    expect(allEth.body.total).toBeGreaterThan(eth.body.total);
  });

  test('sorts by price (within a currency), by views and by keyword', async () => {
    const prices = (body: ListBody<CardSummary>) => body.items.map((card) => wei(card.listing?.currentPrice ?? '0'));
    const ascending = prices((await list('/api/v1/cards?currency_code=2&sort=price_asc&per_page=100')).body);
    expect(ascending.length).toBeGreaterThan(3);
    expect([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(ascending);
    const descending = prices((await list('/api/v1/cards?currency_code=2&sort=price_desc&per_page=100')).body);
    // A declining price moves between the two reads: the order is checked, and the same cards are in it.
    expect([...descending].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(descending);
    expect(descending).toHaveLength(ascending.length);
    const views = (await list('/api/v1/cards?sort=most_viewed&per_page=50')).body.items.map((card) => card.views);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    const found = await list('/api/v1/cards?q=%E5%B7%AB%E5%A5%B3'); // 巫女
    expect(found.body.total).toBeGreaterThan(0);
    expect(found.body.items.every((card) => card.name.includes('巫女'))).toBe(true);
    expect((await list('/api/v1/cards?q=Shrine%20Maiden')).body.total).toBeGreaterThan(0);
    expect((await list('/api/v1/cards?q=100%25')).body.total).toBe(0);
  });

  test('without a currency, a price sort orders the listings by their price in yen at the fresh rates', async () => {
    // The demo stored the local stand-in's rates when it was seeded (fresh for an hour): every coin has one.
    const items = (await list('/api/v1/cards?status=listed&sort=price_asc&per_page=100')).body.items;
    const yen = (card: CardSummary) => {
      const listing = card.listing;
      const rate = listing ? LOCAL_RATES[coinOf(listing.currencyCode)] : undefined;
      if (!listing || rate === undefined) throw new Error(`no rate for ${listing?.currencyCode}`);
      return (wei(listing.currentPrice) * BigInt(rate)) / 10n ** 18n;
    };
    expect(new Set(items.map((card) => coinOf(card.listing?.currencyCode ?? -1))).size).toBeGreaterThan(2);
    const yens = items.map(yen);
    expect([...yens].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(yens);
    const descending = (await list('/api/v1/cards?status=listed&sort=price_desc&per_page=100')).body.items.map(yen);
    expect(descending).toEqual([...yens].reverse().sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    // A yen range needs no currency.
    const [low, high] = [yens[10] ?? 0n, yens[30] ?? 0n];
    const ranged = (await list(`/api/v1/cards?jpy_min=${low}&jpy_max=${high}&per_page=100`)).body.items;
    expect(ranged.length).toBe(yens.filter((value) => value >= low && value <= high).length);
    expect(ranged.every((card) => yen(card) >= low && yen(card) <= high)).toBe(true);
  });

  test('a price range without a currency is refused: amounts in different currencies do not compare', async () => {
    const res = await get<{ message: string }>('/api/v1/cards?price_min=0.5&price_max=800');
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/needs currency_code/);
  });

  test('the sale type filter returns the timed auctions and declining listings', async () => {
    for (const type of ['auction', 'declining'] as const) {
      const { items } = (await list(`/api/v1/cards?sale_type=${type}&per_page=100`)).body;
      expect(items.length, type).toBeGreaterThanOrEqual(4);
      expect(items.every((card) => card.listing?.saleType === type)).toBe(true);
    }
  });

  test.each([
    ['per_page=101', 'per_page'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['chain_id=abc', 'chain_id'],
    ['currency_code=12', 'currency_code'],
    ['price_min=-1', 'price_min'],
    ['price_min=1e5', 'price_min'],
    ['price_max=0.0000000000000000001', 'price_max'],
    ['currency_code=2&price_min=2&price_max=1', 'price_min'],
    ['jpy_min=1.5', 'jpy_min'],
    ['jpy_max=-1', 'jpy_max'],
    ['jpy_min=5000&jpy_max=100', 'jpy_min'],
    ['creator=0x1234', 'creator'],
    ['owner=nobody', 'owner'],
    ['status=sold', 'status'],
    ['sort=random', 'sort'],
    ['sort=rarity', 'sort'],
    [`q=${'a'.repeat(101)}`, 'q'],
  ])('refuses %s with 422 naming the parameter', async (query, key) => {
    const res = await get<{ message: string }>(`/api/v1/cards?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(key);
  });
});

describe('GET /api/v1/cards/{chain_id}/{contract}/{token_id} and /api/v1/cards/{id}', () => {
  test('returns the card with traits, category, creator, owner, the active listing with its order, and activity', async () => {
    const sold = (await list(`/api/v1/cards?status=listed&creator=${MIO}&per_page=100`)).body.items.find(
      (card) => card.owner !== MIO,
    );
    expect(sold).toBeDefined();
    if (!sold) return;
    const res = await get<CardDetail>(
      `/api/v1/cards/${sold.chainId}/${sold.contractAddress.toUpperCase().replace('0X', '0x')}/${sold.tokenId}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: sold.id,
      owner: sold.owner,
      creator: { walletAddress: MIO, image: expect.any(String) },
      category: { id: sold.category?.id, contractAddress: sold.contractAddress },
      listing: {
        price: sold.listing?.price,
        sellerAddress: sold.owner,
        order: expect.objectContaining({ offerer: sold.owner }),
      },
    });
    expect(res.body.traits).toContainEqual({ traitType: 'Rarity', value: expect.any(String), displayType: null });
    expect(res.body.description).toEqual(expect.any(String));
    const types = res.body.activity.map((item) => item.type);
    expect(types).toContain('mint');
    expect(types).toContain('sale');
    expect(types).toContain('listing');
    const times = res.body.activity.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    const sale = res.body.activity.find((item) => item.type === 'sale');
    expect(sale).toMatchObject({ from: MIO, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const byId = await get<CardDetail>(`/api/v1/cards/${sold.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(res.body);
  });

  test('answers 404 for unknown, hidden and malformed cards', async () => {
    const { chainId, contract, tokenId } = hidden.cardToken;
    for (const path of [
      `/api/v1/cards/${chainId}/${contract}/${tokenId}`,
      `/api/v1/cards/${hidden.cardId}`,
      `/api/v1/cards/${hidden.categoryCardId}`,
      `/api/v1/cards/1/${contract}/999999`,
      '/api/v1/cards/1/0xnothex/1',
      '/api/v1/cards/999999999',
      '/api/v1/cards/abc',
    ]) {
      const res = await get<{ message: string }>(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe('POST /api/v1/cards/{id}/view', () => {
  test('counts one view per IP and card per hour', async () => {
    const card = (await list('/api/v1/cards?per_page=1')).body.items[0];
    if (!card) throw new Error('no card');
    const viewer = client();
    const first = await viewer.post<{ counted: boolean; views: number }>(`/api/v1/cards/${card.id}/view`);
    expect(first.body).toEqual({ counted: true, views: card.views + 1 });
    const again = await viewer.post<{ counted: boolean; views: number }>(`/api/v1/cards/${card.id}/view`);
    expect(again.body).toEqual({ counted: false, views: card.views + 1 });
    expect((await get<CardDetail>(`/api/v1/cards/${card.id}`)).body.views).toBe(card.views + 1);
  });

  test('answers 404 for a hidden card and 403 without the site headers', async () => {
    expect((await client().post(`/api/v1/cards/${hidden.cardId}/view`)).status).toBe(404);
    expect((await client().post('/api/v1/cards/1/view', undefined, { siteHeaders: false })).status).toBe(403);
  });
});
