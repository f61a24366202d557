import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { verifyPassword } from '~/features/session/passwords.server.ts';
import { admins, cards, categories, illustrators, revenues, sellOrders, users } from '~/server/db/schema/index.ts';
import { DEMO_ADMIN, DEMO_ILLUSTRATOR } from './accounts.ts';
import { seedDemo } from './demo.ts';

const database = fileTestDatabase();

const rowsIn = async (table: typeof cards | typeof users | typeof sellOrders | typeof revenues) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('seedDemo', () => {
  it('fills an empty catalogue with the demo marketplace', async () => {
    const result = await seedDemo(database.db);
    expect(result.seeded).toBe(true);
    if (!result.seeded) return;
    expect(result.counts).toMatchObject({ illustrators: 8, categories: 12, cards: 120, admins: 1 });
    expect(result.counts.sellOrders).toBeGreaterThan(100);
    expect(result.counts.sales).toBeGreaterThan(50);
    expect(await rowsIn(cards)).toBe(120);
  }, 60_000);

  it('does nothing when the catalogue already has cards', async () => {
    const before = await rowsIn(sellOrders);
    expect(await seedDemo(database.db)).toEqual({ seeded: false, reason: 'catalogue-not-empty' });
    expect(await rowsIn(sellOrders)).toBe(before);
  });

  it('lets the demo admin and the demo illustrator sign in with the published passwords', async () => {
    const [admin] = await database.db.select().from(admins).where(eq(admins.uid, DEMO_ADMIN.uid));
    expect(await verifyPassword(admin?.passwordHash, DEMO_ADMIN.password)).toBe(true);
    const [illustrator] = await database.db
      .select({ hash: illustrators.passwordHash, wallet: users.walletAddress, role: users.role })
      .from(illustrators)
      .innerJoin(users, eq(users.id, illustrators.userId))
      .where(eq(illustrators.uid, DEMO_ILLUSTRATOR.uid));
    expect(await verifyPassword(illustrator?.hash, DEMO_ILLUSTRATOR.password)).toBe(true);
    expect(illustrator).toMatchObject({ wallet: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', role: 'illustrator' });
  }, 30_000);

  it('gives the other creators no password anyone knows', async () => {
    const [other] = await database.db.select().from(illustrators).where(eq(illustrators.uid, 'ren-tsukishima'));
    expect(other).toBeDefined();
    expect(await verifyPassword(other?.passwordHash, DEMO_ILLUSTRATOR.password)).toBe(false);
  }, 30_000);

  it('with force, replaces the demo rows without duplicating them and keeps other cards', async () => {
    const [category] = await database.db
      .insert(categories)
      .values({ chainId: 137, contractAddress: `0x${'7'.repeat(40)}`, name: '他のコレクション' })
      .returning({ id: categories.id });
    await database.db.insert(cards).values({
      chainId: 137,
      contractAddress: `0x${'7'.repeat(40)}`,
      tokenId: '1',
      ownerAddress: `0x${'8'.repeat(40)}`,
      name: 'Not a demo card',
      categoryId: category?.id ?? null,
    });
    const usersBefore = await rowsIn(users);
    const revenuesBefore = await rowsIn(revenues);
    const result = await seedDemo(database.db, { force: true });
    expect(result.seeded).toBe(true);
    expect(await rowsIn(cards)).toBe(121);
    expect(await rowsIn(users)).toBe(usersBefore);
    expect(await rowsIn(revenues)).toBe(revenuesBefore);
    expect((await database.db.select({ n: count() }).from(admins))[0]?.n).toBe(1);
  }, 60_000);

  it('keeps the password of an admin who already had the demo uid', async () => {
    await database.db.update(admins).set({ passwordHash: 'kept' }).where(eq(admins.uid, DEMO_ADMIN.uid));
    const result = await seedDemo(database.db, { force: true });
    expect(result.seeded && result.counts.admins).toBe(0);
    const [admin] = await database.db.select().from(admins).where(eq(admins.uid, DEMO_ADMIN.uid));
    expect(admin?.passwordHash).toBe('kept');
  }, 60_000);
});
