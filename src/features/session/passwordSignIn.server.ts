import { eq } from 'drizzle-orm';
import { HttpError, tooManyRequests } from '../../server/api/errors';
import { admins, illustrators, users } from '../../server/db/schema';
import type { Database } from '../../server/db/types';
import { hitRateLimit, peekRateLimit } from '../../server/rateLimit.server';
import { verifyPassword } from './passwords.server';

/** Failed attempts allowed per uid and per IP address in one window. */
export const LOGIN_LIMITS = { perUid: 5, perIp: 30, windowSeconds: 15 * 60 } as const;

/** One message for every failure, so a caller cannot tell a wrong uid from a wrong password. */
export const BAD_CREDENTIALS = 'The ID or password is incorrect';

const keys = (kind: string, uid: string, ip: string) => ({
  uid: `login:${kind}:uid:${uid.toLowerCase()}`,
  ip: `login:${kind}:ip:${ip}`,
});

function secondsLeftInWindow(now = Date.now()): number {
  const windowMs = LOGIN_LIMITS.windowSeconds * 1000;
  return Math.ceil((windowMs - (now % windowMs)) / 1000);
}

/** Refuses (429) before any password check once a uid or an IP has used up its failed attempts. */
async function refuseWhenLimited(db: Database, kind: string, uid: string, ip: string): Promise<void> {
  const key = keys(kind, uid, ip);
  const byUid = await peekRateLimit(db, key.uid, LOGIN_LIMITS.windowSeconds);
  const byIp = await peekRateLimit(db, key.ip, LOGIN_LIMITS.windowSeconds);
  if (byUid >= LOGIN_LIMITS.perUid || byIp >= LOGIN_LIMITS.perIp) throw tooManyRequests(secondsLeftInWindow());
}

/** Counts a failed attempt against the uid and the IP. */
async function recordFailure(db: Database, kind: string, uid: string, ip: string): Promise<void> {
  const key = keys(kind, uid, ip);
  await hitRateLimit(db, key.uid, LOGIN_LIMITS.perUid, LOGIN_LIMITS.windowSeconds);
  await hitRateLimit(db, key.ip, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds);
}

/**
 * Illustrator sign-in with uid and password (Argon2id). Failures take the same time whether or not
 * the uid exists, and failed attempts are limited per uid and per IP (429 with Retry-After).
 */
export async function signInIllustrator(
  db: Database,
  uid: string,
  password: string,
  ip: string,
): Promise<{ userId: number; illustratorId: number }> {
  await refuseWhenLimited(db, 'illustrator', uid, ip);
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
  if (!row || !ok) {
    await recordFailure(db, 'illustrator', uid, ip);
    throw new HttpError(401, BAD_CREDENTIALS);
  }
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
  await refuseWhenLimited(db, 'admin', uid, ip);
  const [row] = await db
    .select({ id: admins.id, hash: admins.passwordHash, disabled: admins.disabled })
    .from(admins)
    .where(eq(admins.uid, uid));
  const ok = await verifyPassword(row?.hash, password);
  if (!row || !ok || row.disabled) {
    await recordFailure(db, 'admin', uid, ip);
    throw new HttpError(401, BAD_CREDENTIALS);
  }
  await db.update(admins).set({ lastLoginAt: new Date() }).where(eq(admins.id, row.id));
  return { adminId: row.id };
}
