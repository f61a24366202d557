import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { platformFees, sessions, users } from './schema/index.ts';

const database = fileTestDatabase();

const address = (digit: string) => `0x${digit.repeat(40)}`;

describe('users', () => {
  it('stores a lower-case wallet address and refuses a mixed-case one', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ walletAddress: address('a') })
      .returning();
    expect(user?.walletAddress).toBe(address('a'));
    expect(user?.role).toBe('user');
    expect(user?.suspended).toBe(false);

    await expect(db.insert(users).values({ walletAddress: `0x${'Ab'.repeat(20)}` })).rejects.toThrow();
    await expect(db.insert(users).values({ walletAddress: 'not-an-address' })).rejects.toThrow();
  });

  it('refuses a second user with the same wallet address', async () => {
    const { db } = database;
    await db.insert(users).values({ walletAddress: address('b') });
    await expect(db.insert(users).values({ walletAddress: address('b') })).rejects.toThrow();
    const rows = await db
      .select()
      .from(users)
      .where(eq(users.walletAddress, address('b')));
    expect(rows).toHaveLength(1);
  });

  it('refuses a role outside user and illustrator', async () => {
    const { db } = database;
    await expect(
      db.execute(sql`insert into users (wallet_address, role) values (${address('c')}, 'superuser')`),
    ).rejects.toThrow();
  });
});

describe('platform fees', () => {
  it('accept 0 and 10000 basis points', async () => {
    const { db } = database;
    await db.insert(platformFees).values([
      { chainId: 1, feeBps: 0 },
      { chainId: 56, feeBps: 10_000 },
    ]);
    const rows = await db.select({ chainId: platformFees.chainId, feeBps: platformFees.feeBps }).from(platformFees);
    expect(rows).toEqual(
      expect.arrayContaining([
        { chainId: 1, feeBps: 0 },
        { chainId: 56, feeBps: 10_000 },
      ]),
    );
  });

  it('refuse a negative fee and one above 10000 basis points', async () => {
    const { db } = database;
    await expect(db.insert(platformFees).values({ chainId: 137, feeBps: -1 })).rejects.toThrow();
    await expect(db.insert(platformFees).values({ chainId: 137, feeBps: 10_001 })).rejects.toThrow();
    expect(await db.select().from(platformFees).where(eq(platformFees.chainId, 137))).toEqual([]);
  });
});

describe('sessions', () => {
  it('refuse an admin session that names a user', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ walletAddress: address('d') })
      .returning({ id: users.id });
    await expect(
      db.insert(sessions).values({ kind: 'admin', userId: user?.id ?? 0, expiresAt: new Date(Date.now() + 60_000) }),
    ).rejects.toThrow();
  });
});

describe('transactions', () => {
  it('a transaction that fails leaves nothing written', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ walletAddress: address('e') });
        await tx.insert(platformFees).values({ chainId: 8217, feeBps: 20_000 });
      }),
    ).rejects.toThrow();
    expect(
      await db
        .select()
        .from(users)
        .where(eq(users.walletAddress, address('e'))),
    ).toEqual([]);
    expect(await db.select().from(platformFees).where(eq(platformFees.chainId, 8217))).toEqual([]);
  });

  it('a transaction the code aborts by throwing leaves nothing written', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ walletAddress: address('f') });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(
      await db
        .select()
        .from(users)
        .where(eq(users.walletAddress, address('f'))),
    ).toEqual([]);
  });
});
