/**
 * The header search over HTTP: collections, creators and cards by Japanese or English name parts, at most
 * five of each, hidden collections and cards left out, `%` and `_` taken literally, and refusals of bad
 * keywords.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cards, categories, illustrators, users } from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { type App, startApp } from '../helpers/api.ts';

interface Item {
  name: string;
  image: string;
  redirectUrl: string;
  address: string;
}
interface Result {
  categories: Item[];
  illustrators: Item[];
  cards: Item[];
}

const contract = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const HANAKO_WALLET = `0x${'ab'.repeat(20)}`;
const ids: Record<string, number> = {};

async function seed(db: Database): Promise<void> {
  const made = await db
    .insert(categories)
    .values([
      { chainId: 1, contractAddress: contract(1), name: '桜の森の満開の下', nameEn: 'Under the Cherry Blossoms' },
      { chainId: 1, contractAddress: contract(2), name: '星降る夜', nameEn: 'Night of Falling Stars', image: '/s.png' },
      { chainId: 1, contractAddress: contract(3), name: '秘密の星', nameEn: 'Secret Star', hidden: true },
      { chainId: 1, contractAddress: contract(4), name: '100%果汁', nameEn: '100% Juice' },
      { chainId: 1, contractAddress: contract(5), name: '1000果汁', nameEn: '1000 Juice' },
      { chainId: 1, contractAddress: contract(6), name: 'snake_case', nameEn: null },
      { chainId: 1, contractAddress: contract(7), name: 'snakeXcase', nameEn: null },
      ...Array.from({ length: 8 }, (_, i) => ({
        chainId: 137,
        contractAddress: contract(100 + i),
        name: `ネコ図鑑 ${i + 1}`,
        nameEn: `Cat Book ${i + 1}`,
      })),
    ])
    .returning({ id: categories.id, name: categories.name });
  for (const row of made) ids[row.name] = row.id;
  const [user] = await db
    .insert(users)
    .values({ walletAddress: HANAKO_WALLET, role: 'illustrator', profileThumb: '/hanako.png' })
    .returning({ id: users.id });
  await db
    .insert(illustrators)
    .values({ uid: 'hanako', passwordHash: 'x', userId: user?.id ?? 0, name: '山田花子', nameEn: 'Hanako Yamada' });
  const card = (tokenId: string, name: string, nameEn: string, hidden = false) => ({
    chainId: 1,
    contractAddress: contract(1),
    tokenId,
    ownerAddress: HANAKO_WALLET,
    categoryId: ids['桜の森の満開の下'] ?? null,
    name,
    metadata: { name, name_en: nameEn },
    image: `/card-${tokenId}.png`,
    hidden,
  });
  await db
    .insert(cards)
    .values([
      card('5', '桜吹雪の剣士', 'Swordsman of the Sakura Storm'),
      card('6', '隠された桜', 'Hidden Sakura', true),
    ]);
}

let app: App;
beforeAll(async () => {
  app = await startApp({ seed });
});
afterAll(async () => {
  await app?.stop();
});

const search = (query: string) => app.client().get<Result>(`/api/v1/searches/incremental_search?${query}`);
const kw = (keyword: string, extra = '') => search(`keyword=${encodeURIComponent(keyword)}${extra}`);
const names = (items: Item[]) => items.map((item) => item.name);

describe('GET /api/v1/searches/incremental_search', () => {
  test('finds a collection by a Japanese part of its name, as a link to its collection page', async () => {
    const res = await kw('満開');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      categories: [
        { name: '桜の森の満開の下', image: '', redirectUrl: 'collection', address: String(ids['桜の森の満開の下']) },
      ],
      illustrators: [],
      cards: [],
    });
  });

  test('finds a card by its Japanese or English name, as a link to its token page (hidden cards left out)', async () => {
    const card = { image: '/card-5.png', redirectUrl: 'tokens', address: `1/${contract(1)}/5` };
    expect((await kw('桜吹雪')).body.cards).toEqual([{ name: '桜吹雪の剣士', ...card }]);
    expect((await kw('SAKURA', '&locale=en')).body.cards).toEqual([{ name: 'Swordsman of the Sakura Storm', ...card }]);
  });

  test('finds English names whatever the case, and answers in English with locale=en', async () => {
    expect(names((await kw('FALLING st')).body.categories)).toEqual(['星降る夜']);
    const english = await kw('falling', '&locale=en');
    expect(english.body.categories).toEqual([
      { name: 'Night of Falling Stars', image: '/s.png', redirectUrl: 'collection', address: String(ids['星降る夜']) },
    ]);
  });

  test('finds a creator by either name and links to the creator page of their wallet', async () => {
    const expected = { name: '山田花子', image: '/hanako.png', redirectUrl: 'creator', address: HANAKO_WALLET };
    expect((await kw('花子')).body.illustrators).toEqual([expected]);
    expect((await kw('yamada')).body.illustrators).toEqual([expected]);
  });

  test('answers at most five of each kind', async () => {
    const res = await kw('cat book');
    expect(res.body.categories).toHaveLength(5);
    expect(names(res.body.categories).every((name) => name.startsWith('ネコ図鑑'))).toBe(true);
  });

  test('leaves hidden collections out', async () => {
    expect(names((await kw('星')).body.categories)).toEqual(['星降る夜']);
    expect((await kw('secret')).body.categories).toEqual([]);
  });

  test('takes % and _ as plain characters', async () => {
    expect(names((await kw('100%')).body.categories)).toEqual(['100%果汁']);
    expect(names((await kw('snake_')).body.categories)).toEqual(['snake_case']);
  });

  test('answers an empty or blank keyword with empty lists', async () => {
    for (const query of ['keyword=', 'keyword=%20%20']) {
      const res = await search(query);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ categories: [], illustrators: [], cards: [] });
    }
  });

  test('lets browsers and CDNs keep an answer briefly', async () => {
    expect((await kw('星')).headers.get('cache-control')).toContain('public');
  });

  test('refuses a missing keyword, one over 100 characters and an unknown locale with 422', async () => {
    const missing = await search('locale=ja');
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: expect.stringContaining('keyword') });
    expect((await kw('あ'.repeat(101))).status).toBe(422);
    expect((await kw('あ'.repeat(100))).status).toBe(200);
    expect((await kw('星', '&locale=fr')).status).toBe(422);
    expect((await kw('a\u0000b')).status).toBe(422);
  });
});
