/** Accounts the API suites sign in with, inserted before the server starts. */

import { hashPassword } from '../../src/features/session/passwords.server.ts';
import { admins, illustrators, users } from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';

export const ILLUSTRATOR = {
  uid: 'sakura',
  password: 'sakura-password-1',
  wallet: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
};
export const ADMIN = { uid: 'root', password: 'root-password-12' };

/** Inserts one illustrator (with its linked user) and one admin. */
export async function seedAccounts(db: Database): Promise<void> {
  const [user] = await db
    .insert(users)
    .values({ walletAddress: ILLUSTRATOR.wallet, profileName: 'さくら' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  await db.insert(illustrators).values({
    uid: ILLUSTRATOR.uid,
    passwordHash: await hashPassword(ILLUSTRATOR.password),
    userId: user.id,
    name: 'さくら',
    nameEn: 'Sakura',
  });
  await db.insert(admins).values({ uid: ADMIN.uid, passwordHash: await hashPassword(ADMIN.password) });
}
