import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { categories, illustrators, users } from '~/server/db/schema';
import {
  escapeLike,
  hasCasedLetters,
  hasTrigram,
  SEARCH_CANDIDATES,
  SEARCH_LIMIT,
  searchQuerySchema,
  searchSuggestions,
} from './search.server';

const database = fileTestDatabase();
const contract = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const wallet = (n: number) => `0x${(n + 0x1000).toString(16).padStart(40, 'a')}`;

beforeAll(async () => {
  const { db } = database;
  await db.insert(categories).values([
    { chainId: 137, contractAddress: contract(1), name: '桜の森の満開の下', nameEn: 'Under the Cherry Blossoms' },
    { chainId: 137, contractAddress: contract(2), name: '星降る夜', nameEn: 'Night of Falling Stars', image: '/s.png' },
    { chainId: 137, contractAddress: contract(3), name: '秘密の星', nameEn: 'Secret Star', hidden: true },
    { chainId: 137, contractAddress: contract(4), name: '100%果汁', nameEn: null },
    { chainId: 137, contractAddress: contract(5), name: '1000果汁', nameEn: null },
    { chainId: 137, contractAddress: contract(6), name: 'snake_case', nameEn: null },
    { chainId: 137, contractAddress: contract(7), name: 'snakeXcase', nameEn: null },
    // Seven "Cat" collections: the prefix match must come first, and only five are returned.
    ...['Bobcat', 'Wildcat', 'Concatenate', 'Cat', 'Tomcat', 'Scattered', 'Polecat'].map((name, i) => ({
      chainId: 1,
      contractAddress: contract(100 + i),
      name,
    })),
  ]);
  const made = await db
    .insert(users)
    .values([
      { walletAddress: wallet(1), role: 'illustrator' as const, profileThumb: '/thumb.png' },
      { walletAddress: wallet(2), role: 'illustrator' as const },
      { walletAddress: wallet(3), role: 'illustrator' as const, suspended: true },
    ])
    .returning({ id: users.id });
  const [u1, u2, u3] = made.map((row) => row.id);
  await db.insert(illustrators).values([
    { uid: 'hanako', passwordHash: 'x', userId: u1 ?? 0, name: '山田花子', nameEn: 'Hanako Yamada' },
    { uid: 'taro', passwordHash: 'x', userId: u2 ?? 0, name: '星野太郎', nameEn: null, image: '/taro.png' },
    { uid: 'gone', passwordHash: 'x', userId: u3 ?? 0, name: '星野消子', nameEn: 'Gone Hoshino' },
  ]);
}, 60_000);

const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('searchSuggestions', () => {
  it('finds a collection by a Japanese part of its name and links to its collection page', async () => {
    const result = await searchSuggestions(database.db, '満開の');
    expect(result.categories).toEqual([
      { name: '桜の森の満開の下', image: '', redirectUrl: 'collection', address: expect.stringMatching(/^\d+$/) },
    ]);
  });

  it('matches English names whatever the case, and shows English names when asked for English', async () => {
    expect(names((await searchSuggestions(database.db, 'FALLING st')).categories)).toEqual(['星降る夜']);
    const english = await searchSuggestions(database.db, 'falling', 'en');
    expect(english.categories).toEqual([expect.objectContaining({ name: 'Night of Falling Stars', image: '/s.png' })]);
  });

  it('falls back to the Japanese name in English when a row has no English name', async () => {
    expect(names((await searchSuggestions(database.db, '果汁', 'en')).categories).sort()).toEqual([
      '100%果汁',
      '1000果汁',
    ]);
  });

  it('leaves hidden collections and suspended illustrators out', async () => {
    const result = await searchSuggestions(database.db, '星');
    expect(names(result.categories)).toEqual(['星降る夜']);
    expect(names(result.illustrators)).toEqual(['星野太郎']);
  });

  it('links an illustrator to the creator page of their wallet, with their image or profile thumbnail', async () => {
    expect((await searchSuggestions(database.db, 'yamada')).illustrators).toEqual([
      { name: '山田花子', image: '/thumb.png', redirectUrl: 'creator', address: wallet(1) },
    ]);
    expect((await searchSuggestions(database.db, '太郎')).illustrators).toEqual([
      { name: '星野太郎', image: '/taro.png', redirectUrl: 'creator', address: wallet(2) },
    ]);
  });

  it('treats % and _ in the keyword as plain characters', async () => {
    expect(names((await searchSuggestions(database.db, '100%')).categories)).toEqual(['100%果汁']);
    expect(names((await searchSuggestions(database.db, 'snake_')).categories)).toEqual(['snake_case']);
    expect(names((await searchSuggestions(database.db, '%')).categories)).toEqual(['100%果汁']);
    expect((await searchSuggestions(database.db, '\\')).categories).toEqual([]);
  });

  it('returns at most five of each kind, names starting with the keyword first', async () => {
    const found = names((await searchSuggestions(database.db, 'cat')).categories);
    expect(found).toHaveLength(SEARCH_LIMIT);
    expect(found[0]).toBe('Cat');
    expect(found).not.toContain('Scattered');
  });

  it('still puts the name starting with a broad keyword first when hundreds of names contain it', async () => {
    const { db } = database;
    const many = Array.from({ length: SEARCH_CANDIDATES + 50 }, (_, i) => ({
      chainId: 10,
      contractAddress: contract(1000 + i),
      name: `ｚ${i}qq`,
    }));
    await db.insert(categories).values([...many, { chainId: 10, contractAddress: contract(5000), name: 'QQ' }]);
    const found = names((await searchSuggestions(db, 'q')).categories);
    expect(found[0]).toBe('QQ');
    expect(found).toHaveLength(SEARCH_LIMIT);
  });

  it('answers a blank keyword with empty lists', async () => {
    expect(await searchSuggestions(database.db, '   ')).toEqual({ categories: [], illustrators: [] });
  });
});

describe('searchQuerySchema', () => {
  it('accepts a keyword of up to 100 characters and defaults to Japanese', () => {
    expect(searchQuerySchema.parse({ keyword: 'a'.repeat(100) })).toEqual({ keyword: 'a'.repeat(100), locale: 'ja' });
  });

  it('refuses a missing keyword, a longer one, a NUL character and an unknown locale', () => {
    expect(searchQuerySchema.safeParse({}).success).toBe(false);
    expect(searchQuerySchema.safeParse({ keyword: 'a'.repeat(101) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ keyword: 'a\u0000b' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ keyword: 'a', locale: 'fr' }).success).toBe(false);
  });
});

describe('keyword classification', () => {
  it('sees a trigram only in three letters or digits in a row', () => {
    expect(hasTrigram('星花月')).toBe(true);
    expect(hasTrigram('ab1')).toBe(true);
    expect(hasTrigram('ab')).toBe(false);
    expect(hasTrigram('a b c')).toBe(false);
  });

  it('tells keywords with cased letters from Japanese and digits', () => {
    expect(hasCasedLetters('Cat')).toBe(true);
    expect(hasCasedLetters('ｚ')).toBe(true);
    expect(hasCasedLetters('星 100%')).toBe(false);
  });
});

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the backslash', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
