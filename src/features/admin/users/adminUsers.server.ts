/**
 * Users in the back office: search and page through wallet users, open one, change its role (make it an
 * illustrator with a sign-in id and an initial password, or turn an illustrator back into a plain user)
 * and suspend or restore it. Every change is audited in its own transaction.
 *
 * @see docs/product-spec.md §2 (/admins/users, /admins/users/{id}/edit), §6 (roles)
 */
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword, passwordSchema } from '~/features/session/passwords.server';
import { type Page, type PageRequest, pageQuerySchema } from '~/lib/pagination';
import { keywordParam } from '~/lib/params';
import { toIsoOrNull } from '~/lib/rowValues';
import { conflict, notFound, unprocessable } from '~/server/api/errors';
import { containsIfGiven, eqIfGiven } from '~/server/db/listConditions';
import { pagedRows } from '~/server/db/pagedRows';
import { cards, illustrators, sessions, users } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminUserDetail, AdminUserRow } from '../shell/types';

/**
 * The password hash of an illustrator an admin turned back into a plain user: not a PHC string, so no
 * password ever verifies against it and the illustrator sign-in is closed until an admin sets a new one.
 */
export const LOCKED_PASSWORD_HASH = '!locked-by-admin';

/** Query of `GET /api/v1/admins/users`. */
export const userListQuerySchema = pageQuerySchema
  .extend({
    q: keywordParam.optional(),
    role: z.enum(['user', 'illustrator']).optional(),
    suspended: z.enum(['true', 'false']).optional(),
  })
  .transform((query) => ({
    page: query.page,
    perPage: query.per_page,
    q: query.q,
    role: query.role,
    suspended: query.suspended === undefined ? undefined : query.suspended === 'true',
  }));

/** Filters of the user list. */
export interface UserListFilters extends PageRequest {
  q?: string | undefined;
  role?: 'user' | 'illustrator' | undefined;
  suspended?: boolean | undefined;
}

/** A sign-in id: letters, digits, `.`, `_`, `-`, 3 to 40 characters. */
const uidSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,40}$/, 'must be 3-40 letters, digits, ".", "_" or "-"');

/** Body of `PUT /api/v1/admins/users/{id}`: any of role, sign-in id, password, names, suspension. */
export const userUpdateSchema = z
  .strictObject({
    role: z.enum(['user', 'illustrator']).optional(),
    uid: uidSchema.optional(),
    password: passwordSchema.optional(),
    name: z.string().trim().min(1).max(100).optional(),
    name_en: z.string().trim().max(100).nullable().optional(),
    suspended: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'nothing to change');

/** A parsed user update. */
export type UserUpdate = z.output<typeof userUpdateSchema>;

const ROW_COLUMNS = {
  id: users.id,
  walletAddress: users.walletAddress,
  role: users.role,
  profileName: users.profileName,
  profileIcon: users.profileIcon,
  suspended: users.suspended,
  suspendedAt: users.suspendedAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  illustratorId: illustrators.id,
  uid: illustrators.uid,
  illustratorName: illustrators.name,
  illustratorNameEn: illustrators.nameEn,
  passwordHash: illustrators.passwordHash,
  payoutWalletAddress: illustrators.payoutWalletAddress,
  illustratorLastLoginAt: illustrators.lastLoginAt,
};

type Row = { [K in keyof typeof ROW_COLUMNS]: (typeof ROW_COLUMNS)[K]['_']['data'] | null };

function toRow(row: Row): AdminUserRow {
  return {
    id: row.id ?? 0,
    walletAddress: row.walletAddress ?? '',
    role: row.role === 'illustrator' ? 'illustrator' : 'user',
    profileName: row.profileName,
    suspended: row.suspended ?? false,
    suspendedAt: toIsoOrNull(row.suspendedAt),
    lastLoginAt: toIsoOrNull(row.illustratorLastLoginAt ?? row.lastLoginAt),
    createdAt: toIsoOrNull(row.createdAt) ?? '',
    illustrator:
      row.illustratorId === null
        ? null
        : {
            id: row.illustratorId,
            uid: row.uid ?? '',
            name: row.illustratorName ?? '',
            nameEn: row.illustratorNameEn,
            canSignIn: row.passwordHash !== LOCKED_PASSWORD_HASH,
          },
  };
}

function listWhere(filters: UserListFilters): SQL | undefined {
  return and(
    eqIfGiven(users.role, filters.role),
    eqIfGiven(users.suspended, filters.suspended),
    containsIfGiven(filters.q, [
      users.walletAddress,
      users.profileName,
      illustrators.uid,
      illustrators.name,
      illustrators.nameEn,
    ]),
  );
}

/** One page of users matching `filters`, newest first. */
export async function listUsers(db: Database, filters: UserListFilters): Promise<Page<AdminUserRow>> {
  const where = listWhere(filters);
  return pagedRows(
    filters,
    db
      .select(ROW_COLUMNS)
      .from(users)
      .leftJoin(illustrators, eq(illustrators.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id)),
    db.select({ n: count() }).from(users).leftJoin(illustrators, eq(illustrators.userId, users.id)).where(where),
    toRow,
  );
}

/** One user with the edit screen's extra fields, or 404. */
export async function getUser(db: Database | Transaction, id: number): Promise<AdminUserDetail> {
  const [row] = await db
    .select(ROW_COLUMNS)
    .from(users)
    .leftJoin(illustrators, eq(illustrators.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw notFound('No such user');
  const [owned] = await db.select({ n: count() }).from(cards).where(eq(cards.ownerAddress, row.walletAddress));
  return {
    ...toRow(row),
    profileIcon: row.profileIcon,
    payoutWalletAddress: row.payoutWalletAddress,
    ownedCards: Number(owned?.n ?? 0),
  };
}

/** Ends every open session of a user (wallet and illustrator sign-ins alike). */
async function endSessions(tx: Transaction, where: SQL, reason: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason, accessTokenHash: null })
    .where(and(where, isNull(sessions.revokedAt)));
}

async function uidTaken(tx: Transaction, uid: string, exceptId: number | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: illustrators.id })
    .from(illustrators)
    .where(sql`lower(${illustrators.uid}) = lower(${uid})`);
  return row !== undefined && row.id !== exceptId;
}

/** Applies the illustrator side of an update (creating the account when the user becomes one). */
async function applyIllustrator(
  tx: Transaction,
  user: AdminUserDetail,
  update: UserUpdate,
  changes: Record<string, unknown>,
): Promise<void> {
  const current = user.illustrator;
  const role = update.role ?? user.role;
  if (update.uid !== undefined && (await uidTaken(tx, update.uid, current?.id ?? null)))
    throw conflict('uid: this ID is already used by another illustrator');
  if (!current) {
    if (role !== 'illustrator') {
      if (update.uid || update.password || update.name || update.name_en !== undefined)
        throw unprocessable('role: only an illustrator has a sign-in ID, password and creator name');
      return;
    }
    if (!update.uid || !update.password)
      throw unprocessable('uid, password: an illustrator needs a sign-in ID and an initial password');
    const [created] = await tx
      .insert(illustrators)
      .values({
        uid: update.uid,
        passwordHash: await hashPassword(update.password),
        userId: user.id,
        name: update.name ?? user.profileName ?? update.uid,
        nameEn: update.name_en ?? null,
      })
      .returning({ id: illustrators.id });
    changes.illustratorId = created?.id;
    changes.uid = update.uid;
    changes.passwordSet = true;
    return;
  }
  if (role !== 'user' && update.password === undefined && !current.canSignIn)
    throw unprocessable('password: set a new password to let this illustrator sign in again');
  const newPassword = role !== 'user' && update.password !== undefined;
  // Each column is left out (undefined) unless it changes: the writers check reads these names.
  const set = {
    uid: update.uid !== undefined && update.uid !== current.uid ? update.uid : undefined,
    name: update.name,
    nameEn: update.name_en === undefined ? undefined : update.name_en || null,
    passwordHash:
      role === 'user'
        ? LOCKED_PASSWORD_HASH
        : update.password !== undefined
          ? await hashPassword(update.password)
          : undefined,
    passwordChangedAt: newPassword ? new Date() : undefined,
  };
  if (set.uid !== undefined) changes.uid = set.uid;
  if (set.name !== undefined) changes.name = set.name;
  if (set.nameEn !== undefined) changes.nameEn = set.nameEn;
  if (newPassword) changes.passwordSet = true;
  if (role === 'user' || set.passwordHash !== undefined)
    await endSessions(tx, eq(sessions.illustratorId, current.id), role === 'user' ? 'role' : 'password');
  if (Object.values(set).some((value) => value !== undefined))
    await tx.update(illustrators).set(set).where(eq(illustrators.id, current.id));
}

/**
 * Applies `update` to user `id` and audits it (`user.update`, with what changed; never the password).
 * Becoming an illustrator needs `uid` and `password` (unless the user was one before and only gets a
 * new password); turning back into a user locks the illustrator sign-in and ends its sessions;
 * suspending ends every session of the user. 404 unknown user, 409 taken uid, 422 missing fields.
 */
export async function updateUser(
  db: Database,
  adminId: number,
  id: number,
  update: UserUpdate,
): Promise<AdminUserDetail> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!locked) throw notFound('No such user');
    const user = await getUser(tx, id);
    const changes: Record<string, unknown> = {};
    await applyIllustrator(tx, user, update, changes);
    const set: Partial<typeof users.$inferInsert> = {};
    if (update.role !== undefined && update.role !== user.role) {
      set.role = update.role;
      changes.role = { from: user.role, to: update.role };
    }
    if (update.suspended !== undefined && update.suspended !== user.suspended) {
      set.suspended = update.suspended;
      set.suspendedAt = update.suspended ? new Date() : null;
      changes.suspended = update.suspended;
      if (update.suspended) await endSessions(tx, eq(sessions.userId, id), 'suspended');
    }
    if (Object.keys(set).length > 0) await tx.update(users).set(set).where(eq(users.id, id));
    if (Object.keys(changes).length > 0)
      await writeAudit(tx, { adminId, action: 'user.update', targetType: 'user', targetId: id, data: changes });
    return getUser(tx, id);
  });
}
