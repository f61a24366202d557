/**
 * Payout requests in the back office: the list by status or illustrator, one request with the
 * illustrator's balance in its chain and currency (the ledger's balance query), and the review, which the
 * ledger carries out (approve, transfer, pay, reject, reverse) with this screen's audit entry.
 *
 * @see docs/product-spec.md §2 (/admins/payouts, /admins/payouts/{id}, /dashboard/payouts)
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { canonicalCurrencyCode, isCurrencyCode } from '~/features/chains/currencies';
import { payoutBalances } from '~/features/ledger/balances.server';
import { toItem } from '~/features/ledger/payoutRequests.server';
import { type PayoutReview, payoutFacts, reviewPayout } from '~/features/ledger/payoutReview.server';
import { withholdingView } from '~/features/ledger/tax/payoutWithholding.server';
import { type Page, type PageRequest, pageQuerySchema } from '~/lib/pagination';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { eqIfGiven } from '~/server/db/listConditions';
import { pagedRows } from '~/server/db/pagedRows';
import { admins, illustrators, PAYOUT_STATUSES, payouts } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import type { StripeSettings } from '~/server/stripe.server';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminPayoutDetail, AdminPayoutRow } from '../shell/types';

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
    ...toItem(payout),
    illustrator: { id: payout.illustratorId, uid: illustratorUid, name: illustratorName },
    reviewedBy,
  };
}

/** One page of payouts matching `filters`, newest request first. */
export async function listAdminPayouts(db: Database, filters: AdminPayoutFilters): Promise<Page<AdminPayoutRow>> {
  const where = and(eqIfGiven(payouts.status, filters.status), eqIfGiven(payouts.illustratorId, filters.illustratorId));
  return pagedRows(
    filters,
    select(db, where).orderBy(desc(payouts.requestedAt), desc(payouts.id)),
    db.select({ n: count() }).from(payouts).where(where),
    toRow,
  );
}

/** Payout `id` with the illustrator's balance in its chain and currency; 404 when unknown. */
export async function getAdminPayout(
  db: Database | Transaction,
  id: number,
  stripe: StripeSettings | undefined,
): Promise<AdminPayoutDetail> {
  const [row] = await select(db, eq(payouts.id, id)).limit(1);
  if (!row) throw notFound('No such payout');
  const payout = toRow(row);
  const code = isCurrencyCode(payout.currencyCode) ? canonicalCurrencyCode(payout.currencyCode) : payout.currencyCode;
  const balances = await payoutBalances(db, payout.illustrator.id);
  const balance = balances.find((entry) => entry.chainId === payout.chainId && entry.currencyCode === code) ?? null;
  const withholding = await withholdingView(db, row.payout);
  return { ...payout, balance, facts: payoutFacts(row.payout, stripe), withholding };
}

/**
 * Reviews payout `id` for admin `adminId` (the ledger moves it, ../../ledger/payoutReview.server.ts), with its
 * audit entry (`payout.approve`, `.transfer`, `.pay`, `.reject`, `.reverse`) in the move's transaction; answers
 * the payout as it is now.
 */
export async function reviewAdminPayout(
  db: Database,
  adminId: number,
  id: number,
  review: PayoutReview,
  stripe: StripeSettings | undefined,
): Promise<AdminPayoutDetail> {
  await reviewPayout(db, id, review, {
    adminId,
    stripe,
    audit: (tx, move) =>
      writeAudit(tx, {
        adminId,
        action: `payout.${move.action}`,
        targetType: 'payout',
        targetId: move.payoutId,
        data: {
          from: move.from,
          to: move.to,
          amount: move.amount,
          currencyCode: move.currencyCode,
          chainId: move.chainId,
          reason: move.reason,
          txHash: move.txHash,
        },
      }),
  });
  return getAdminPayout(db, id, stripe);
}
