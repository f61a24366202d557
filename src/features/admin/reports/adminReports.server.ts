/**
 * Illegal-content reports in the back office: the list (open first by default filter) with the card
 * each one names, and closing a report as resolved or dismissed (or reopening it), audited.
 *
 * @see docs/product-spec.md §2 (/admins/card_serials), §3 (illegal report)
 */
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Page, type PageRequest, pageQuerySchema } from '~/lib/pagination';
import { idParam } from '~/lib/params';
import { toIso, toIsoOrNull } from '~/lib/rowValues';
import { notFound } from '~/server/api/errors';
import { eqIfGiven } from '~/server/db/listConditions';
import { pagedRows } from '~/server/db/pagedRows';
import { admins, cards, illegalReports, REPORT_STATUSES, users } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminReportRow } from '../shell/types';

/** Query of `GET /api/v1/admins/illegal_reports`. */
export const adminReportQuerySchema = pageQuerySchema
  .extend({ status: z.enum(REPORT_STATUSES).optional(), card_id: idParam.optional() })
  .transform((query) => ({
    page: query.page,
    perPage: query.per_page,
    status: query.status,
    cardId: query.card_id,
  }));

/** Body of `PUT /api/v1/admins/illegal_reports/{id}`. */
export const reportStatusSchema = z.strictObject({ status: z.enum(REPORT_STATUSES) });

const resolver = alias(admins, 'resolver');

function select(db: Database | Transaction, where: SQL | undefined) {
  return db
    .select({
      id: illegalReports.id,
      chainId: illegalReports.chainId,
      contractAddress: illegalReports.contractAddress,
      tokenId: illegalReports.tokenId,
      cardId: cards.id,
      cardName: cards.name,
      cardHidden: cards.hidden,
      type: illegalReports.type,
      details: illegalReports.details,
      reporterWallet: users.walletAddress,
      status: illegalReports.status,
      resolvedBy: resolver.uid,
      resolvedAt: illegalReports.resolvedAt,
      createdAt: illegalReports.createdAt,
    })
    .from(illegalReports)
    .leftJoin(cards, eq(cards.id, illegalReports.cardId))
    .leftJoin(users, eq(users.id, illegalReports.reporterUserId))
    .leftJoin(resolver, eq(resolver.id, illegalReports.resolvedBy))
    .where(where)
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof select>>[number];

function toRow(row: Row): AdminReportRow {
  return {
    id: row.id,
    chainId: row.chainId,
    contractAddress: row.contractAddress,
    tokenId: row.tokenId,
    card: row.cardId === null ? null : { id: row.cardId, name: row.cardName ?? '', hidden: row.cardHidden ?? false },
    type: row.type,
    details: row.details,
    reporterWallet: row.reporterWallet,
    status: row.status,
    resolvedBy: row.resolvedBy,
    resolvedAt: toIsoOrNull(row.resolvedAt),
    createdAt: toIso(row.createdAt),
  };
}

/** One page of reports matching the filters, newest first. */
export async function listAdminReports(
  db: Database,
  filters: PageRequest & { status?: AdminReportRow['status'] | undefined; cardId?: number | undefined },
): Promise<Page<AdminReportRow>> {
  const where = and(eqIfGiven(illegalReports.status, filters.status), eqIfGiven(illegalReports.cardId, filters.cardId));
  return pagedRows(
    filters,
    select(db, where).orderBy(desc(illegalReports.createdAt), desc(illegalReports.id)),
    db.select({ n: count() }).from(illegalReports).where(where),
    toRow,
  );
}

/**
 * Sets the status of report `id` (`report.status` audited): resolved or dismissed records this admin and
 * the time; open clears them.
 */
export async function setReportStatus(
  db: Database,
  adminId: number,
  id: number,
  status: AdminReportRow['status'],
): Promise<AdminReportRow> {
  return db.transaction(async (tx) => {
    const [before] = await select(tx, eq(illegalReports.id, id)).for('update', { of: illegalReports });
    if (!before) throw notFound('No such report');
    const closing = status !== 'open';
    await tx
      .update(illegalReports)
      .set({ status, resolvedBy: closing ? adminId : null, resolvedAt: closing ? sql`now()` : null })
      .where(eq(illegalReports.id, id));
    await writeAudit(tx, {
      adminId,
      action: 'report.status',
      targetType: 'illegal_report',
      targetId: id,
      data: { from: before.status, to: status },
    });
    const [after] = await select(tx, eq(illegalReports.id, id));
    if (!after) throw notFound('No such report');
    return toRow(after);
  });
}
