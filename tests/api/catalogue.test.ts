/**
 * The public catalogue API on the demo data: cards (filters, sorts, pages, token page, views),
 * categories, creators, rankings, a wallet's items, activity and the platform fee. Hidden cards and
 * cards of hidden categories never show. Real HTTP against the built server.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  ActivityItem,
  CardDetail,
  CardSummary,
  CategorySummary,
  CreatorDetail,
} from '../../src/features/cards/types.ts';
import { cards, categories, platformFees } from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { seedDemo } from '../../src/server/seed/demo.ts';
import { type App, startApp } from '../helpers/api.ts';

interface ListBody<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

const HIDDEN_CONTRACT = `0x${'ab'.repeat(20)}`;
const MIO = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
/** Cards the demo seeds; one of them is hidden below. */
const DEMO_CARDS = 120;
const hidden = { cardId: 0, cardToken: { chainId: 0, contract: '', tokenId: '' }, categoryId: 0, categoryCardId: 0 };

/** The demo, plus a hidden card in a visible category and a visible card in a hidden category. */
async function seed(db: Database): Promise<void> {
  await seedDemo(db);
  const [first] = await db.select().from(cards).where(eq(cards.tokenId, '3')).orderBy(asc(cards.id)).limit(1);
  if (!first) throw new Error('the demo has no cards');
  await db.update(cards).set({ hidden: true }).where(eq(cards.id, first.id));
  hidden.cardId = first.id;
  hidden.cardToken = { chainId: first.chainId, contract: first.contractAddress, tokenId: first.tokenId };
  const [category] = await db
    .insert(categories)
    .values({ chainId: 1, contractAddress: HIDDEN_CONTRACT, name: '非公開コレクション', hidden: true })
    .returning();
  if (!category) throw new Error('no category');
  hidden.categoryId = category.id;
  const [card] = await db
    .insert(cards)
    .values({
      chainId: 1,
      contractAddress: HIDDEN_CONTRACT,
      tokenId: '1',
      ownerAddress: MIO,
      name: 'secret card',
      categoryId: category.id,
    })
    .returning();
  hidden.categoryCardId = card?.id ?? 0;
  await db.update(platformFees).set({ feeBps: 100 }).where(eq(platformFees.chainId, 56));
}

let app: App;
beforeAll(async () => {
  app = await startApp({ seed });
});
afterAll(async () => {
  await app?.stop();
});

const get = <T>(path: string) => app.client().get<T>(path);
const list = <T = CardSummary>(path: string) => get<ListBody<T>>(path);
const ids = (body: ListBody<{ id: number }>) => body.items.map((item) => item.id);
const wei = (value: string) => BigInt(value);

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
      views: expect.any(Number),
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
      expect(wei(card.listing?.price ?? '0')).toBeGreaterThanOrEqual(5n * 10n ** 16n);
      expect(wei(card.listing?.price ?? '0')).toBeLessThanOrEqual(3n * 10n ** 17n);
    }
    const allEth = await list('/api/v1/cards?currency_code=2&per_page=100');
    expect(allEth.body.total).toBeGreaterThan(eth.body.total);
  });

  test('sorts by price (within a currency), by views and by keyword', async () => {
    const prices = (body: ListBody<CardSummary>) => body.items.map((card) => wei(card.listing?.price ?? '0'));
    const ascending = prices((await list('/api/v1/cards?currency_code=2&sort=price_asc&per_page=100')).body);
    expect(ascending.length).toBeGreaterThan(3);
    expect([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(ascending);
    const descending = prices((await list('/api/v1/cards?currency_code=2&sort=price_desc&per_page=100')).body);
    expect(descending).toEqual([...ascending].reverse());
    const views = (await list('/api/v1/cards?sort=most_viewed&per_page=50')).body.items.map((card) => card.views);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    const found = await list('/api/v1/cards?q=%E5%B7%AB%E5%A5%B3'); // 巫女
    expect(found.body.total).toBeGreaterThan(0);
    expect(found.body.items.every((card) => card.name.includes('巫女'))).toBe(true);
    expect((await list('/api/v1/cards?q=Shrine%20Maiden')).body.total).toBeGreaterThan(0);
    expect((await list('/api/v1/cards?q=100%25')).body.total).toBe(0);
  });

  test.each([
    ['per_page=101', 'per_page'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['chain_id=abc', 'chain_id'],
    ['currency_code=11', 'currency_code'],
    ['price_min=-1', 'price_min'],
    ['price_min=1e5', 'price_min'],
    ['price_max=0.0000000000000000001', 'price_max'],
    ['price_min=2&price_max=1', 'price_min'],
    ['creator=0x1234', 'creator'],
    ['owner=nobody', 'owner'],
    ['status=sold', 'status'],
    ['sort=random', 'sort'],
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
    const client = app.client();
    const first = await client.post<{ counted: boolean; views: number }>(`/api/v1/cards/${card.id}/view`);
    expect(first.body).toEqual({ counted: true, views: card.views + 1 });
    const again = await client.post<{ counted: boolean; views: number }>(`/api/v1/cards/${card.id}/view`);
    expect(again.body).toEqual({ counted: false, views: card.views + 1 });
    expect((await get<CardDetail>(`/api/v1/cards/${card.id}`)).body.views).toBe(card.views + 1);
  });

  test('answers 404 for a hidden card and 403 without the site headers', async () => {
    expect((await app.client().post(`/api/v1/cards/${hidden.cardId}/view`)).status).toBe(404);
    expect((await app.client().post('/api/v1/cards/1/view', undefined, { siteHeaders: false })).status).toBe(403);
  });
});

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
    items: { rank: number; sales: number; category?: { chainId: number }; creator?: { walletAddress: string } }[];
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
