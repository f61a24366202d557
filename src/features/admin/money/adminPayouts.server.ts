/**
 * Payout requests in the back office: the list by status or illustrator, one request with the
 * illustrator's balance in its chain and currency (the dashboard's own balance query), and the review:
 * approve, reject with a reason, or mark paid with the transaction hash. A review locks the payout row,
 * so two admins cannot both move it; it is audited in the same transaction.
 *
 * @see docs/product-spec.md §2 (/admins/payouts, /admins/payouts/{id}, /dashboard/payouts)
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { canonicalCurrencyCode, isCurrencyCode } from '~/features/chains/currencies';
import { currencySymbol } from '~/features/dashboard/payoutRules';
import { payoutBalances } from '~/features/dashboard/payouts.server';
import { type Page, type PageRequest, pageOffset, pageQuerySchema, toPage } from '~/lib/pagination';
import { idParam } from '~/lib/params';
import { toIsoOrNull } from '~/lib/rowValues';
import { conflict, notFound, unprocessable } from '~/server/api/errors';
import { admins, illustrators, PAYOUT_STATUSES, payouts } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminPayoutDetail, AdminPayoutRow } from '../shell/types';
import { MAX_PAYOUT_REASON, nextPayoutStatus, PAYOUT_ACTIONS, payoutReviewProblem } from './payoutReview';

/** Query of `GET /api/v1/admins/payouts`. */
export const adminPayoutQuerySchema = pageQuerySchema
  .extend({ status: z.enum(PAYOUT_STATUSES).optional(), illustrator_id: idParam.optional() })
  .transform((query) => ({
    page: query.page,
    perPage: query.per_page,
    status: query.status,
    illustratorId: query.illustrator_id,
  }));

/** Filters of the admin payout list. */
export interface AdminPayoutFilters extends PageRequest {
  status?: AdminPayoutRow['status'] | undefined;
  illustratorId?: number | undefined;
}

/** Body of `PUT /api/v1/admins/payouts/{id}`. */
export const payoutReviewSchema = z.strictObject({
  action: z.enum(PAYOUT_ACTIONS),
  reason: z.string().trim().max(MAX_PAYOUT_REASON).optional(),
  tx_hash: z.string().trim().optional(),
});

const reviewer = alias(admins, 'reviewer');

function select(db: Database | Transaction, where: SQL | undefined) {
  return db
    .select({
      payout: payouts,
      illustratorUid: illustrators.uid,
      illustratorName: illustrators.name,
      reviewedBy: reviewer.uid,
    })
    .from(payouts)
    .innerJoin(illustrators, eq(illustrators.id, payouts.illustratorId))
    .leftJoin(reviewer, eq(reviewer.id, payouts.reviewedBy))
    .where(where)
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof select>>[number];

function toRow({ payout, illustratorUid, illustratorName, reviewedBy }: Row): AdminPayoutRow {
  return {
    id: payout.id,
    illustrator: { id: payout.illustratorId, uid: illustratorUid, name: illustratorName },
    chainId: payout.chainId,
    currencyCode: payout.currencyCode,
    currency: currencySymbol(payout.currencyCode),
    amount: payout.amount,
    walletAddress: payout.walletAddress,
    status: payout.status,
    reason: payout.reason,
    txHash: payout.txHash,
    reviewedBy,
    requestedAt: toIsoOrNull(payout.requestedAt) ?? '',
    approvedAt: toIsoOrNull(payout.approvedAt),
    paidAt: toIsoOrNull(payout.paidAt),
    rejectedAt: toIsoOrNull(payout.rejectedAt),
  };
}

/** One page of payouts matching `filters`, newest request first. */
export async function listAdminPayouts(db: Database, filters: AdminPayoutFilters): Promise<Page<AdminPayoutRow>> {
  const where = and(
    filters.status === undefined ? undefined : eq(payouts.status, filters.status),
    filters.illustratorId === undefined ? undefined : eq(payouts.illustratorId, filters.illustratorId),
  );
  const found = await select(db, where)
    .orderBy(desc(payouts.requestedAt), desc(payouts.id))
    .limit(filters.perPage)
    .offset(pageOffset(filters));
  const [total] = await db.select({ n: count() }).from(payouts).where(where);
  return toPage(found.map(toRow), Number(total?.n ?? 0), filters);
}

/** Payout `id` with the illustrator's balance in its chain and currency; 404 when unknown. */
export async function getAdminPayout(db: Database | Transaction, id: number): Promise<AdminPayoutDetail> {
  const [row] = await select(db, eq(payouts.id, id)).limit(1);
  if (!row) throw notFound('No such payout');
  const payout = toRow(row);
  const code = isCurrencyCode(payout.currencyCode) ? canonicalCurrencyCode(payout.currencyCode) : payout.currencyCode;
  const balances = await payoutBalances(db, payout.illustrator.id);
  const balance = balances.find((entry) => entry.chainId === payout.chainId && entry.currencyCode === code) ?? null;
  return { ...payout, balance };
}

/**
 * Reviews payout `id` (`payout.approve`, `payout.reject` or `payout.pay` audited): 404 unknown, 409 when
 * its status does not allow the action (e.g. it was already reviewed), 422 without a reason to reject or
 * a transaction hash to pay.
 */
export async function reviewPayout(
  db: Database,
  adminId: number,
  id: number,
  input: z.output<typeof payoutReviewSchema>,
): Promise<AdminPayoutDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!row) throw notFound('No such payout');
    const next = nextPayoutStatus(row.status, input.action);
    const problem = payoutReviewProblem(row.status, {
      action: input.action,
      reason: input.reason,
      txHash: input.tx_hash,
      onChain: row.chainId !== null,
    });
    if (next === null) throw conflict(problem ?? `status: the payout is ${row.status}`);
    if (problem) throw unprocessable(problem);
    const now = new Date();
    await tx
      .update(payouts)
      .set({
        status: next,
        reviewedBy: adminId,
        ...(input.reason ? { reason: input.reason } : {}),
        ...(next === 'approved' ? { approvedAt: now } : {}),
        ...(next === 'rejected' ? { rejectedAt: now } : {}),
        ...(next === 'paid'
          ? { paidAt: now, txHash: row.chainId === null ? null : (input.tx_hash?.toLowerCase() ?? null) }
          : {}),
      })
      .where(eq(payouts.id, id));
    await writeAudit(tx, {
      adminId,
      action: `payout.${input.action}`,
      targetType: 'payout',
      targetId: id,
      data: {
        from: row.status,
        to: next,
        amount: row.amount,
        currencyCode: row.currencyCode,
        chainId: row.chainId,
        reason: input.reason ?? null,
        txHash: input.tx_hash ?? null,
      },
    });
    return getAdminPayout(tx, id);
  });
}
