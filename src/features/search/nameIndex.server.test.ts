import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase';
import { categories, illustrators, users } from '~/server/db/schema';
import { loadNameIndex, NAME_INDEX_TTL_MS, nameIndex, suggestFromIndex } from './nameIndex.server';

const database = fileTestDatabase();

beforeAll(async () => {
  const db = database.db;
  const ids = await db
    .insert(users)
    .values([
      { walletAddress: '0x1111111111111111111111111111111111111111' },
      { walletAddress: '0x2222222222222222222222222222222222222222' },
      { walletAddress: '0x3333333333333333333333333333333333333333', suspended: true },
    ])
    .returning({ id: users.id });
  const [ana, ken, banned] = ids.map((row) => row.id);
  if (ana === undefined || ken === undefined || banned === undefined) throw new Error('users were not inserted');
  await db.insert(illustrators).values([
    { uid: 'ana', passwordHash: 'x', userId: ana, name: '佐藤 花', nameEn: 'Hana Sato' },
    { uid: 'ken', passwordHash: 'x', userId: ken, name: '佐藤健太', nameEn: 'Kenta Sato' },
    { uid: 'bad', passwordHash: 'x', userId: banned, name: '佐藤 禁止', nameEn: 'Banned Sato' },
  ]);
  await db.insert(categories).values([
    {
      chainId: 1,
      contractAddress: '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      name: '夜桜コレクション',
      nameEn: 'Night Sakura',
    },
    { chainId: 1, contractAddress: '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', name: '桜', nameEn: 'Sakura' },
    {
      chainId: 1,
      contractAddress: '0xcccccccccccccccccccccccccccccccccccccccc',
      name: '隠し桜',
      nameEn: 'Hidden Sakura',
      hidden: true,
    },
  ]);
});

describe('suggestFromIndex', () => {
  it('finds two-character Japanese keywords and ranks names starting with the keyword first', async () => {
    const index = await loadNameIndex(database.db);
    const result = suggestFromIndex(index, '佐藤');
    expect(result.illustrators.map((item) => item.name)).toEqual(['佐藤 花', '佐藤健太']);
    expect(result.illustrators[0]).toMatchObject({
      redirectUrl: 'creator',
      address: '0x1111111111111111111111111111111111111111',
    });
  });

  it('matches English names case-insensitively and answers in the asked locale', async () => {
    const index = await loadNameIndex(database.db);
    const result = suggestFromIndex(index, 'SAKURA', 'en');
    expect(result.categories.map((item) => item.name)).toEqual(['Sakura', 'Night Sakura']);
    expect(result.categories[0]?.redirectUrl).toBe('collection');
  });

  it('leaves out hidden collections and creators of suspended users; a blank keyword finds nothing', async () => {
    const index = await loadNameIndex(database.db);
    expect(suggestFromIndex(index, '隠し').categories).toEqual([]);
    expect(suggestFromIndex(index, '禁止').illustrators).toEqual([]);
    expect(suggestFromIndex(index, '  ')).toEqual({ categories: [], illustrators: [] });
  });

  it('a new collection shows up once the index is older than its TTL', async () => {
    const start = Date.now();
    await nameIndex(database.db, start);
    await database.db.insert(categories).values({
      chainId: 1,
      contractAddress: '0xdddddddddddddddddddddddddddddddddddddddd',
      name: '新作',
      nameEn: 'Fresh',
    });
    expect(suggestFromIndex(await nameIndex(database.db, start + 1), 'fresh').categories).toEqual([]);
    // The stale index still answers at once while it is reloaded in the background.
    expect(suggestFromIndex(await nameIndex(database.db, start + NAME_INDEX_TTL_MS + 1), 'fresh').categories).toEqual(
      [],
    );
    await expect
      .poll(async () =>
        suggestFromIndex(await nameIndex(database.db, start + NAME_INDEX_TTL_MS + 2), 'fresh').categories.map(
          (item) => item.name,
        ),
      )
      .toEqual(['新作']);
  });
});
