import { and, eq, sql } from 'drizzle-orm';
import { refreshTokens, sessions } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import { hashToken, newToken } from './tokens.server';

/**
 * Server sessions: a short-lived opaque access token (`ACCESS_TOKEN_TTL_MS`, 15 minutes) and a rotating refresh
 * token per session. Each session is one refresh-token family: presenting a refresh token that was already used
 * (outside a short grace window for two tabs refreshing at once, `REFRESH_REUSE_GRACE_MS`) revokes the whole
 * session. Both lifetimes are the server's settings unless a caller passes its own.
 */
export const REFRESH_TTL_MS = { user: 30 * 24 * 3600 * 1000, admin: 12 * 3600 * 1000 } as const;

export type SessionKind = 'user' | 'admin';

export type SessionSubject =
  | { kind: 'user'; userId: number; illustratorId?: number | null }
  | { kind: 'admin'; adminId: number };

export interface IssuedTokens {
  sessionId: number;
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
}

/** Opens a session for a user, illustrator or admin and issues its first token pair. */
export async function createSession(
  db: Database,
  subject: SessionSubject,
  meta: SessionMeta = {},
  now = new Date(),
  accessTtlMs = serverSettings().ACCESS_TOKEN_TTL_MS,
): Promise<IssuedTokens> {
  const accessToken = newToken();
  const refreshToken = newToken();
  const refreshExpiresAt = new Date(now.getTime() + REFRESH_TTL_MS[subject.kind]);
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        kind: subject.kind,
        userId: subject.kind === 'user' ? subject.userId : null,
        illustratorId: subject.kind === 'user' ? (subject.illustratorId ?? null) : null,
        adminId: subject.kind === 'admin' ? subject.adminId : null,
        expiresAt: refreshExpiresAt,
        accessTokenHash: hashToken(accessToken),
        accessExpiresAt: new Date(now.getTime() + accessTtlMs),
        userAgent: meta.userAgent?.slice(0, 400) ?? null,
        ip: meta.ip ?? null,
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    await tx
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: hashToken(refreshToken), expiresAt: refreshExpiresAt });
    return { sessionId: session.id, accessToken, refreshToken, refreshExpiresAt };
  });
}

export type AccessCheck =
  | { state: 'valid'; sessionId: number; userId: number | null; illustratorId: number | null; adminId: number | null }
  | { state: 'expired'; sessionId: number }
  | { state: 'invalid' };

/** Looks up an access token: valid, expired (the client should refresh), or not a live session at all. */
export async function checkAccessToken(
  db: Database,
  token: string,
  kind: SessionKind,
  now = new Date(),
): Promise<AccessCheck> {
  if (!token || token.length > 100) return { state: 'invalid' };
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      illustratorId: sessions.illustratorId,
      adminId: sessions.adminId,
      expiresAt: sessions.expiresAt,
      accessExpiresAt: sessions.accessExpiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.accessTokenHash, hashToken(token)), eq(sessions.kind, kind)));
  if (!row || row.revokedAt || row.expiresAt <= now) return { state: 'invalid' };
  if (!row.accessExpiresAt || row.accessExpiresAt <= now) return { state: 'expired', sessionId: row.id };
  return {
    state: 'valid',
    sessionId: row.id,
    userId: row.userId,
    illustratorId: row.illustratorId,
    adminId: row.adminId,
  };
}

export type RefreshResult = { state: 'rotated'; tokens: IssuedTokens } | { state: 'invalid' } | { state: 'reused' };

/** A fingerprint of the client presenting a refresh token (its address and user agent), stored hashed. */
export function clientFingerprint(meta: SessionMeta): string {
  return hashToken(`${meta.ip ?? ''}|${meta.userAgent ?? ''}`);
}

/**
 * Exchanges a refresh token for a new pair. A token used before means it was stolen or replayed: the
 * session is revoked and every token of its family stops working. Only the client that used it (same
 * address and user agent: two tabs refreshing at once) may present it again, within the grace window.
 */
export async function rotateRefreshToken(
  db: Database,
  token: string,
  kind: SessionKind,
  client: SessionMeta,
  now = new Date(),
  graceMs = serverSettings().REFRESH_REUSE_GRACE_MS,
  accessTtlMs = serverSettings().ACCESS_TOKEN_TTL_MS,
): Promise<RefreshResult> {
  if (!token || token.length > 100) return { state: 'invalid' };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        usedByClient: refreshTokens.usedByClient,
        expiresAt: refreshTokens.expiresAt,
        sessionKind: sessions.kind,
        sessionExpiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update');
    if (!row || row.sessionKind !== kind || row.revokedAt || row.sessionExpiresAt <= now || row.expiresAt <= now) {
      return { state: 'invalid' } as const;
    }
    const fingerprint = clientFingerprint(client);
    const sameClient = row.usedByClient === fingerprint;
    if (row.usedAt && (!sameClient || now.getTime() - row.usedAt.getTime() > graceMs)) {
      await tx.update(sessions).set({ revokedAt: now, revokeReason: 'reuse' }).where(eq(sessions.id, row.sessionId));
      return { state: 'reused' } as const;
    }
    const accessToken = newToken();
    const refreshToken = newToken();
    const [next] = await tx
      .insert(refreshTokens)
      .values({ sessionId: row.sessionId, tokenHash: hashToken(refreshToken), expiresAt: row.sessionExpiresAt })
      .returning({ id: refreshTokens.id });
    if (!row.usedAt)
      await tx
        .update(refreshTokens)
        .set({ usedAt: now, usedByClient: fingerprint, replacedById: next?.id ?? null })
        .where(eq(refreshTokens.id, row.id));
    await tx
      .update(sessions)
      .set({
        accessTokenHash: hashToken(accessToken),
        accessExpiresAt: new Date(now.getTime() + accessTtlMs),
        lastUsedAt: now,
      })
      .where(eq(sessions.id, row.sessionId));
    return {
      state: 'rotated',
      tokens: { sessionId: row.sessionId, accessToken, refreshToken, refreshExpiresAt: row.sessionExpiresAt },
    } as const;
  });
}

/**
 * The session a pair of cookies belongs to, whatever the state of its tokens: an expired access token, or
 * only the refresh token, still names it (so logout can end it).
 */
export async function sessionOfTokens(
  db: Database,
  kind: SessionKind,
  tokens: { access?: string | undefined; refresh?: string | undefined },
): Promise<number | null> {
  if (tokens.access && tokens.access.length <= 100) {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.accessTokenHash, hashToken(tokens.access)), eq(sessions.kind, kind)));
    if (row) return row.id;
  }
  if (tokens.refresh && tokens.refresh.length <= 100) {
    const [row] = await db
      .select({ id: sessions.id })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(and(eq(refreshTokens.tokenHash, hashToken(tokens.refresh)), eq(sessions.kind, kind)));
    if (row) return row.id;
  }
  return null;
}

/** Ends a session (logout, password change, suspension). */
export async function revokeSession(db: Database, sessionId: number, reason: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason, accessTokenHash: null })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.revokedAt} is null`));
}

/** Ends every other session of an illustrator (after a password change). */
export async function revokeIllustratorSessions(
  db: Database,
  illustratorId: number,
  keepSessionId: number | null,
  reason: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason, accessTokenHash: null })
    .where(
      and(
        eq(sessions.illustratorId, illustratorId),
        sql`${sessions.revokedAt} is null`,
        keepSessionId === null ? sql`true` : sql`${sessions.id} <> ${keepSessionId}`,
      ),
    );
}
