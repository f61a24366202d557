import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { illustrators, users } from '~/server/db/schema';
import { getCreatorProfile } from './creatorProfile.server';

const database = fileTestDatabase();
const ids: Record<string, number> = {};

beforeAll(async () => {
  const { db } = database;
  const made = await db
    .insert(users)
    .values([
      { walletAddress: `0x${'a'.repeat(40)}`, role: 'illustrator' as const },
      { walletAddress: `0x${'b'.repeat(40)}`, role: 'illustrator' as const, suspended: true },
    ])
    .returning({ id: users.id });
  const [active, suspended] = await db
    .insert(illustrators)
    .values([
      { userId: made[0]?.id ?? 0, uid: 'mio', name: '桜井ミオ', nameEn: 'Mio Sakurai', passwordHash: 'x' },
      { userId: made[1]?.id ?? 0, uid: 'gone', name: '停止中', passwordHash: 'x' },
    ])
    .returning({ id: illustrators.id });
  ids.active = active?.id ?? 0;
  ids.suspended = suspended?.id ?? 0;
}, 60_000);

afterAll(async () => {}, 60_000);

describe('getCreatorProfile', { timeout: 30_000 }, () => {
  it('finds the creator by illustrator id, with their wallet and names', async () => {
    const creator = await getCreatorProfile(database.db, ids.active ?? 0);
    expect(creator).toMatchObject({
      id: ids.active,
      name: '桜井ミオ',
      nameEn: 'Mio Sakurai',
      walletAddress: `0x${'a'.repeat(40)}`,
    });
    expect(creator?.categories).toEqual([]);
  });

  it('shows nobody for an unknown id or a suspended creator', async () => {
    expect(await getCreatorProfile(database.db, 999_999)).toBeNull();
    expect(await getCreatorProfile(database.db, ids.suspended ?? 0)).toBeNull();
  });
});
