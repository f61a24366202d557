import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase';
import { categories } from '~/server/db/schema';
import { getCategories, getCategory } from './categories.server';

const database = fileTestDatabase();
const ids: Record<'first' | 'second' | 'hidden', number> = { first: 0, second: 0, hidden: 0 };

beforeAll(async () => {
  const rows = await database.db
    .insert(categories)
    .values([
      { chainId: 1, contractAddress: `0x${'1'.repeat(40)}`, name: 'First' },
      { chainId: 137, contractAddress: `0x${'2'.repeat(40)}`, name: 'Second' },
      { chainId: 1, contractAddress: `0x${'3'.repeat(40)}`, name: 'Hidden', hidden: true },
    ])
    .returning({ id: categories.id, name: categories.name });
  for (const row of rows) ids[row.name.toLowerCase() as keyof typeof ids] = row.id;
}, 60_000);

describe('getCategories', () => {
  it('answers the visible collections in the order asked, leaving out hidden and unknown ids', async () => {
    const found = await getCategories(database.db, [ids.second, ids.hidden, 999_999, ids.first]);
    expect(found.map((category) => category.name)).toEqual(['Second', 'First']);
  });

  it('gives each the same summary as getCategory, and nothing for no ids', async () => {
    const [second] = await getCategories(database.db, [ids.second]);
    expect(second).toEqual(await getCategory(database.db, ids.second));
    expect(await getCategories(database.db, [])).toEqual([]);
  });
});
