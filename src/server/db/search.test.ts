import { ilike, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { categories, illustrators, users } from './schema/index.ts';

const database = fileTestDatabase();

beforeAll(async () => {
  const { db } = database;
  await db.insert(categories).values([
    {
      chainId: 137,
      contractAddress: `0x${'1'.repeat(40)}`,
      name: '桜の森の満開の下',
      nameEn: 'Under the Cherry Blossoms',
    },
    { chainId: 137, contractAddress: `0x${'2'.repeat(40)}`, name: '星降る夜', nameEn: 'Night of Falling Stars' },
  ]);
  const [user] = await db
    .insert(users)
    .values({ walletAddress: `0x${'3'.repeat(40)}`, role: 'illustrator' })
    .returning({ id: users.id });
  await db
    .insert(illustrators)
    .values({ uid: 'hanako', passwordHash: 'x', userId: user?.id ?? 0, name: '山田花子', nameEn: 'Hanako Yamada' });
}, 60_000);

/** Names of the categories whose Japanese or English name contains `keyword`, ignoring case. */
async function searchCategories(keyword: string): Promise<string[]> {
  const pattern = `%${keyword}%`;
  const rows = await database.db
    .select({ name: categories.name })
    .from(categories)
    .where(or(ilike(categories.name, pattern), ilike(categories.nameEn, pattern)))
    .orderBy(categories.name);
  return rows.map((row) => row.name);
}

describe('search by partial name', () => {
  it('finds a category by a Japanese substring of its name', async () => {
    expect(await searchCategories('満開の')).toEqual(['桜の森の満開の下']);
  });

  it('finds a category by an English substring in another case', async () => {
    expect(await searchCategories('FALLING st')).toEqual(['星降る夜']);
  });

  it('finds an illustrator by Japanese or English name part', async () => {
    const find = async (keyword: string) =>
      (
        await database.db
          .select({ uid: illustrators.uid })
          .from(illustrators)
          .where(or(ilike(illustrators.name, `%${keyword}%`), ilike(illustrators.nameEn, `%${keyword}%`)))
      ).map((row) => row.uid);
    expect(await find('花子')).toEqual(['hanako']);
    expect(await find('yamada')).toEqual(['hanako']);
    expect(await find('太郎')).toEqual([]);
  });

  it('has a trigram index the planner can use for each searched name column', async () => {
    const plans: string[] = [];
    await database.db.transaction(async (tx) => {
      // With sequential scans priced out, a usable index must show up in the plan (tiny tables would
      // otherwise be scanned sequentially, which says nothing about the index).
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const [table, column] of [
        ['categories', 'name'],
        ['categories', 'name_en'],
        ['illustrators', 'name'],
        ['illustrators', 'name_en'],
      ] as const) {
        const { rows } = await tx.execute(
          sql`explain select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} ilike '%abc%'`,
        );
        plans.push(rows.map((row) => Object.values(row).join(' ')).join('\n'));
      }
    });
    expect(plans[0]).toContain('categories_name_trgm');
    expect(plans[1]).toContain('categories_name_en_trgm');
    expect(plans[2]).toContain('illustrators_name_trgm');
    expect(plans[3]).toContain('illustrators_name_en_trgm');
  });
});
