import { eq } from 'drizzle-orm';
import { HttpError } from '~/server/api/errors';
import { admins, illustrators, users } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { admitLoginAttempt } from './loginThrottle.server';
import { verifyPassword } from './passwords.server';

/** One message for every failure, so a caller cannot tell a wrong uid from a wrong password. */
export const BAD_CREDENTIALS = 'The ID or password is incorrect';

/**
 * Illustrator sign-in with uid and password (Argon2id). Failures take the same time whether or not
 * the uid exists; every attempt is admitted by the login throttle before the password is checked (429 with
 * Retry-After, see ./loginThrottle.server.ts).
 */
export async function signInIllustrator(
  db: Database,
  uid: string,
  password: string,
  ip: string,
): Promise<{ userId: number; illustratorId: number }> {
  const attempt = await admitLoginAttempt(db, 'illustrator', uid, ip);
  const [row] = await db
    .select({
      id: illustrators.id,
      userId: illustrators.userId,
      hash: illustrators.passwordHash,
      suspended: users.suspended,
    })
    .from(illustrators)
    .innerJoin(users, eq(users.id, illustrators.userId))
    .where(eq(illustrators.uid, uid));
  const ok = await verifyPassword(row?.hash, password);
  if (!row || !ok) throw new HttpError(401, BAD_CREDENTIALS);
  await attempt.succeeded();
  if (row.suspended) throw new HttpError(403, 'This account is suspended');
  await db.update(illustrators).set({ lastLoginAt: new Date() }).where(eq(illustrators.id, row.id));
  return { userId: row.userId, illustratorId: row.id };
}

/** Admin sign-in: the same rules as illustrators, against the admins table. */
export async function signInAdmin(
  db: Database,
  uid: string,
  password: string,
  ip: string,
): Promise<{ adminId: number }> {
  const attempt = await admitLoginAttempt(db, 'admin', uid, ip);
  const [row] = await db
    .select({ id: admins.id, hash: admins.passwordHash, disabled: admins.disabled })
    .from(admins)
    .where(eq(admins.uid, uid));
  const ok = await verifyPassword(row?.hash, password);
  if (!row || !ok || row.disabled) throw new HttpError(401, BAD_CREDENTIALS);
  await attempt.succeeded();
  await db.update(admins).set({ lastLoginAt: new Date() }).where(eq(admins.id, row.id));
  return { adminId: row.id };
}

/**
 * Asks a signed-in illustrator for their password again before a sensitive change (a new password, a new
 * payout wallet): 422 on `current_password` when it is missing or wrong. Counted by the login throttle like
 * a sign-in, so a stolen session cannot guess it either.
 */
export async function confirmIllustratorPassword(
  db: Database,
  illustratorId: number,
  password: string | undefined,
  ip: string,
): Promise<void> {
  if (!password) throw new HttpError(422, 'current_password: enter your current password');
  const [row] = await db
    .select({ uid: illustrators.uid, hash: illustrators.passwordHash })
    .from(illustrators)
    .where(eq(illustrators.id, illustratorId));
  if (!row) throw new HttpError(404, 'No such illustrator');
  const attempt = await admitLoginAttempt(db, 'illustrator', row.uid, ip);
  if (!(await verifyPassword(row.hash, password))) {
    throw new HttpError(422, 'current_password: the current password is incorrect');
  }
  await attempt.succeeded();
}
