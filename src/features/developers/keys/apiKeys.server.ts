/**
 * API keys: a signed-in user makes one (its secret shown once, stored as a SHA-256 hash: a 32-byte random secret
 * needs no slow hash), lists theirs (prefix, name, dates; never the secret) and revokes one. A request carrying a
 * key is answered as its owner's for the developer endpoints and limited per key (../limits/).
 *
 * @see ./apiKeyFormat.ts, ../../../../docs/developers.md (keys)
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { conflict, notFound } from '~/server/api/errors';
import { apiKeys, users } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { formatKey, keyPrefix } from './apiKeyFormat';

/** Keys a user may hold at once (revoked ones do not count). */
export const MAX_KEYS_PER_USER = 10;

/** A key as its owner sees it in a list. */
export interface ApiKeyView {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The key a request carried, once checked. */
export interface KeyHolder {
  keyId: number;
  userId: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function view(row: typeof apiKeys.$inferSelect): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Makes a key for `userId`: the key's view and, once, its secret; 409 past {@link MAX_KEYS_PER_USER}. */
export async function createApiKey(db: Database, userId: number, name: string) {
  return db.transaction(async (tx) => {
    // One at a time per user, so two requests at once cannot pass the count together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api-keys:${userId}`}, 0))`);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if ((held?.n ?? 0) >= MAX_KEYS_PER_USER) throw conflict(`At most ${MAX_KEYS_PER_USER} keys; revoke one first`);
    const prefix = randomBytes(6).toString('hex');
    const key = formatKey(prefix, randomBytes(32).toString('base64url'));
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId, name, prefix, secretHash: sha256(key).toString('hex') })
      .returning();
    if (!row) throw new Error('api key insert returned nothing');
    return { ...view(row), key };
  });
}

/** The user's keys, newest first. */
export async function listApiKeys(db: Database, userId: number): Promise<ApiKeyView[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id));
  return rows.map(view);
}

/** Revokes one of the user's keys (404 for another's or none); revoking twice changes nothing. */
export async function revokeApiKey(db: Database, userId: number, keyId: number, now = new Date()): Promise<ApiKeyView> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now})` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .returning();
  if (!row) throw notFound('No such API key');
  return view(row);
}

/**
 * The holder of `key` when it is a live key of this site (undefined for a malformed, unknown or revoked one, or
 * one whose owner is suspended); its
 * last use is noted at most once a minute.
 */
export async function keyHolder(db: Database, key: string, now = new Date()): Promise<KeyHolder | undefined> {
  const prefix = keyPrefix(key);
  if (!prefix) return undefined;
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      hash: apiKeys.secretHash,
      revokedAt: apiKeys.revokedAt,
      suspended: users.suspended,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.prefix, prefix));
  if (!row || row.revokedAt || row.suspended) return undefined;
  const stored = Buffer.from(row.hash, 'hex');
  const given = sha256(key);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, row.id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - 60_000))),
      ),
    );
  return { keyId: row.id, userId: row.userId };
}
