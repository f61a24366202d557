/**
 * The public catalogue API on the demo data: categories, creators, rankings, a wallet's items,
 * activity and the platform fee. Hidden items never show. Real HTTP against the built server.
 */
import { describe, expect, test } from 'vitest';
import type { ActivityItem, CardSummary, CategorySummary, CreatorDetail } from '../../src/features/catalogue/types.ts';
import { catalogueAppForFile, DEMO_CARDS, get, hidden, ids, type ListBody, list, MIO } from './catalogueApp.ts';

catalogueAppForFile();

describe('categories', () => {
  test('lists the visible categories with card count, floor per currency and volume', async () => {
    const res = await list<CategorySummary>('/api/v1/categories');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(12);
    expect(ids(res.body)).not.toContain(hidden.categoryId);
    const category = res.body.items.find((item) => item.volume.length > 0 && item.floor.length > 0);
    expect(category).toMatchObject({
      cardCount: expect.any(Number),
      creator: { walletAddress: expect.stringMatching(/^0x/) },
      floor: expect.arrayContaining([
        { chainId: category?.chainId, currencyCode: expect.any(Number), amount: expect.stringMatching(/^\d+$/) },
      ]),
      volume: expect.arrayContaining([expect.objectContaining({ sales: expect.any(Number) })]),
    });
  });

  test('filters by chain, creator and keyword, and sorts by number of sales', async () => {
    const bsc = await list<CategorySummary>('/api/v1/categories?chain_id=56');
    expect(bsc.body.total).toBe(3);
    expect(bsc.body.items.every((item) => item.chainId === 56)).toBe(true);
    const mine = await list<CategorySummary>(`/api/v1/categories?creator=${MIO}`);
    expect(mine.body.total).toBe(2);
    const named = await list<CategorySummary>('/api/v1/categories?q=sakura');
    expect(named.body.items.map((item) => item.nameEn)).toContain('Night Sakura Fantasia');
    const sales = (await list<CategorySummary>('/api/v1/categories?sort=volume')).body.items.map((item) =>
      item.volume.reduce((sum, v) => sum + v.sales, 0),
    );
    expect([...sales].sort((a, b) => b - a)).toEqual(sales);
    expect((await get('/api/v1/categories?sort=cheapest')).status).toBe(422);
  });

  test('GET /api/v1/categories/{id} returns one category; hidden or unknown is 404', async () => {
    const first = (await list<CategorySummary>('/api/v1/categories')).body.items[0];
    const res = await get<CategorySummary>(`/api/v1/categories/${first?.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first);
    expect(res.body.cardCount).toBeGreaterThanOrEqual(9);
    expect((await get(`/api/v1/categories/${hidden.categoryId}`)).status).toBe(404);
    expect((await get('/api/v1/categories/999999')).status).toBe(404);
    expect((await get('/api/v1/categories/x')).status).toBe(404);
  });
});

describe('creators', () => {
  test('lists creators, filtered by keyword and sorted by name', async () => {
    const all = await list<CreatorDetail>('/api/v1/creators');
    expect(all.body.total).toBe(8);
    const mio = await list<CreatorDetail>('/api/v1/creators?q=mio');
    expect(mio.body.items.map((item) => item.walletAddress)).toEqual([MIO]);
    const names = (await list<CreatorDetail>('/api/v1/creators?sort=name')).body.items.map((item) => item.nameEn ?? '');
    expect([...names].sort()).toEqual(names);
  });

  test('GET /api/v1/creators/{wallet} returns the creator with collections; other wallets are 404', async () => {
    const res = await get<CreatorDetail>(`/api/v1/creators/${MIO.toUpperCase().replace('0X', '0x')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ walletAddress: MIO, nameEn: 'Mio Sakurai', categoryCount: 2, cardCount: 19 });
    expect(res.body.categories).toHaveLength(2);
    expect(res.body.volume.length).toBeGreaterThan(0);
    expect((await get(`/api/v1/creators/0x${'12'.repeat(20)}`)).status).toBe(404);
    expect((await get('/api/v1/creators/mio')).status).toBe(404);
  });
});

describe('GET /api/v1/rankings', () => {
  interface Ranking {
    period: string;
    kind: string;
    chainId: number | null;
    items: {
      rank: number;
      sales: number;
      jpyVolume: number | null;
      floorChange?: { percent: number };
      category?: { chainId: number };
      creator?: { walletAddress: string };
    }[];
  }

  test('ranks categories by number of sales in the period', async () => {
    const all = await get<Ranking>('/api/v1/rankings?period=all&kind=categories');
    expect(all.status).toBe(200);
    expect(all.body.items.length).toBeGreaterThan(0);
    expect(all.body.items.length).toBeLessThanOrEqual(50);
    expect(all.body.items.map((item) => item.rank)).toEqual(all.body.items.map((_, i) => i + 1));
    const sales = all.body.items.map((item) => item.sales);
    expect([...sales].sort((a, b) => b - a)).toEqual(sales);
    const total = (body: Ranking) => body.items.reduce((sum, item) => sum + item.sales, 0);
    const recent = await get<Ranking>('/api/v1/rankings?period=7d&kind=categories');
    expect(total(recent.body)).toBeLessThan(total(all.body));
    const polygon = await get<Ranking>('/api/v1/rankings?period=all&chain_id=137');
    expect(polygon.body.chainId).toBe(137);
    expect(polygon.body.items.every((item) => item.category?.chainId === 137)).toBe(true);
  });

  test('ranks creators, and refuses unknown periods and kinds', async () => {
    const res = await get<Ranking>('/api/v1/rankings?period=30d&kind=creators');
    expect(res.body.items[0]?.creator?.walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await get('/api/v1/rankings?period=1y')).status).toBe(422);
    expect((await get('/api/v1/rankings?kind=cards')).status).toBe(422);
  });

  test('ranks by volume in yen or by floor change when asked; floor change ranks collections only', async () => {
    const volume = await get<Ranking>('/api/v1/rankings?period=all&sort=volume');
    expect(volume.status).toBe(200);
    const yen = volume.body.items.map((item) => item.jpyVolume ?? -1);
    expect([...yen].sort((a, b) => b - a)).toEqual(yen);
    const floors = await get<Ranking>('/api/v1/rankings?period=7d&sort=floor_change');
    expect(floors.status).toBe(200);
    const changes = floors.body.items.map((item) => item.floorChange?.percent ?? Number.NaN);
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);
    expect((await get('/api/v1/rankings?kind=creators&sort=floor_change')).status).toBe(422);
    expect((await get('/api/v1/rankings?sort=price')).status).toBe(422);
  });
});

describe('GET /api/v1/users/{wallet}/items', () => {
  test('owned lists what the wallet owns, listed only what it has for sale, with its profile', async () => {
    const someone = (await list('/api/v1/cards?status=listed&per_page=100')).body.items.find(
      (card) => card.owner !== MIO,
    );
    const wallet = someone?.owner ?? '';
    const owned = await get<ListBody<CardSummary> & { user: { walletAddress: string; isCreator: boolean } | null }>(
      `/api/v1/users/${wallet}/items`,
    );
    expect(owned.status).toBe(200);
    expect(owned.body.user).toMatchObject({ walletAddress: wallet, isCreator: false });
    expect(owned.body.items.every((card) => card.owner === wallet)).toBe(true);
    const listed = await list(`/api/v1/users/${wallet}/items?tab=listed`);
    expect(listed.body.total).toBeGreaterThan(0);
    expect(listed.body.total).toBeLessThanOrEqual(owned.body.total);
    expect(listed.body.items.every((card) => card.listing !== null && card.owner === wallet)).toBe(true);
  });

  test('an unknown wallet has no profile and no items; a malformed one is 404, a bad tab 422', async () => {
    const res = await get<ListBody<CardSummary> & { user: unknown }>(`/api/v1/users/0x${'34'.repeat(20)}/items`);
    expect(res.body).toMatchObject({ user: null, items: [], total: 0 });
    expect((await get('/api/v1/users/0x12/items')).status).toBe(404);
    expect((await get(`/api/v1/users/${MIO}/items?tab=sold`)).status).toBe(422);
  });
});

describe('GET /api/v1/activity', () => {
  test('lists sales and listings newest first (mints on request), narrowed to a card, wallet, category or kind', async () => {
    const market = await list<ActivityItem>('/api/v1/activity?per_page=50');
    expect(market.body.total).toBeGreaterThan(0);
    const times = market.body.items.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    const sale = market.body.items.find((item) => item.type === 'sale');
    const cardId = sale?.card.id;
    const forCard = await list<ActivityItem>(`/api/v1/activity?card_id=${cardId}`);
    expect(forCard.body.items.every((item) => item.card.id === cardId)).toBe(true);
    const buyer = sale?.to ?? '';
    const forWallet = await list<ActivityItem>(`/api/v1/activity?wallet_address=${buyer}&per_page=100`);
    expect(forWallet.body.items.every((item) => item.from === buyer || item.to === buyer)).toBe(true);
    expect(new Set(market.body.items.map((item) => item.type))).toEqual(new Set(['sale', 'listing']));
    const everything = await list<ActivityItem>('/api/v1/activity?type=all&per_page=1');
    const mints = await list<ActivityItem>('/api/v1/activity?type=mint&per_page=1');
    expect(mints.body.total).toBe(DEMO_CARDS - 1);
    expect(everything.body.total).toBe(market.body.total + mints.body.total);
    const sales = await list<ActivityItem>('/api/v1/activity?type=sale&per_page=100');
    expect(sales.body.items.every((item) => item.type === 'sale')).toBe(true);
    const category = (await list<CategorySummary>('/api/v1/categories')).body.items[0];
    const forCategory = await list<ActivityItem>(`/api/v1/activity?category_id=${category?.id}&per_page=100`);
    expect(forCategory.body.total).toBeGreaterThan(0);
    expect(forCategory.body.items.every((item) => item.card.contractAddress === category?.contractAddress)).toBe(true);
  });

  test('leaves out hidden cards and refuses two subjects at once', async () => {
    const forHidden = await list<ActivityItem>(`/api/v1/activity?card_id=${hidden.cardId}`);
    expect(forHidden.body.total).toBe(0);
    expect((await get(`/api/v1/activity?card_id=1&wallet_address=${MIO}`)).status).toBe(422);
    expect((await get('/api/v1/activity?type=transfer')).status).toBe(422);
  });
});

describe('GET /api/v1/platform_fee', () => {
  test("returns the chain's fee, the default for a chain without one, and 422 without chain_id", async () => {
    expect((await get('/api/v1/platform_fee?chain_id=56')).body).toEqual({ chainId: 56, feeBps: 100 });
    expect((await get('/api/v1/platform_fee?chain_id=424242')).body).toEqual({ chainId: 424242, feeBps: 250 });
    const missing = await get<{ message: string }>('/api/v1/platform_fee');
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('chain_id: is required');
  });
});
