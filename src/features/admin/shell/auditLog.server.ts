/**
 * The admin audit log: every change an admin makes is written here, in the same transaction as the
 * change itself (so a change never lands without its record, and a failed change leaves no record),
 * and the back office reads it back newest first.
 *
 * @see docs/product-spec.md §6 (admin role)
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { type Page, type PageRequest, pageQuerySchema } from '~/lib/pagination';
import { toIso } from '~/lib/rowValues';
import { eqIfGiven } from '~/server/db/listConditions';
import { pagedRows } from '~/server/db/pagedRows';
import { admins, auditLog } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import type { AuditEntry } from './types';

/** What an admin did, as written to `audit_log`. */
export interface AuditRecord {
  adminId: number;
  /** A dotted verb such as `user.update`, `category.create`, `payout.approve`. */
  action: string;
  /** The kind of thing changed (`user`, `category`, `card`, `payout`, `platform_fee`, ...). */
  targetType: string;
  /** Its id as text (a row id, a chain id, `chain:contract`). */
  targetId: string | number;
  /** What changed: the new values, and the old ones where they matter. */
  data?: Record<string, unknown>;
}

/**
 * Writes one audit entry with `tx`, which must be the transaction of the change it records.
 * @see ./auditLog.server.ts module comment
 */
export async function writeAudit(tx: Transaction, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: record.adminId,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    data: record.data ?? {},
  });
}

/** Query of `GET /api/v1/admins/audit_log`: page, and optionally one target type and id. */
export const auditQuerySchema = pageQuerySchema.extend({
  target_type: z.string().trim().min(1).max(40).optional(),
  target_id: z.string().trim().min(1).max(200).optional(),
});

/** Filters of the audit list. */
export interface AuditFilters extends PageRequest {
  targetType?: string | undefined;
  targetId?: string | undefined;
}

/** One page of audit entries matching `filters`, newest first, with the admin's uid. */
export async function listAudit(db: Database, filters: AuditFilters): Promise<Page<AuditEntry>> {
  const where: SQL | undefined = and(
    eqIfGiven(auditLog.targetType, filters.targetType),
    eqIfGiven(auditLog.targetId, filters.targetId),
  );
  const rows = db
    .select({
      id: auditLog.id,
      adminUid: admins.uid,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      data: auditLog.data,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(admins, eq(admins.id, auditLog.adminId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  return pagedRows(filters, rows, db.select({ n: count() }).from(auditLog).where(where), (row) => ({
    ...row,
    at: toIso(row.at),
  }));
}
