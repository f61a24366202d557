/**
 * An admin's review of a payout, the one place a payout's status moves on an admin's word (Stripe's events move
 * it in ./yenTransfers.server.ts): the move is checked against ./payoutStates.ts twice, first on the row as read
 * (a clear 409/422 before anything happens) and again under the row's lock, where it is written with the audit
 * entry in one transaction, so two admins cannot both move it. An approval first checks the books of its
 * currency (a held currency is refused) and the illustrator's balances (one below zero holds them); a yen
 * approval with card payments on checks the illustrator's account, then runs the transfer step (a failed step
 * leaves it approved, to transfer again); a reversal asks Stripe first. The approval fixes the income tax withheld
 * from the payout (./tax/payoutWithholding.server.ts) in its transaction.
 *
 * @see docs/product-spec.md §2 (/admins/payouts/{id})
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { noticePayout } from '~/features/notifications/moneyNotices.server';
import { conflict, notFound, unprocessable } from '~/server/api/errors';
import { payouts } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import type { StripeSettings } from '~/server/stripe.server';
import { negativeBalanceProblem, payoutBalances } from './balances.server';
import { HELD_MESSAGE } from './payoutRequests.server';
import {
  MAX_PAYOUT_REASON,
  nextPayoutStatus,
  PAYOUT_ACTIONS,
  type PayoutAction,
  type PayoutFacts,
  type PayoutStatus,
  payoutReviewProblem,
} from './payoutStates';
import { isHeld, reconcile } from './reconciliation.server';
import { fixWithholding } from './tax/payoutWithholding.server';
import { assertTransferable, isYenPayout, reversePayout, transferPayout } from './yenTransfers.server';

/** Body of `PUT /api/v1/admins/payouts/{id}`. */
export const payoutReviewSchema = z.strictObject({
  action: z.enum(PAYOUT_ACTIONS),
  reason: z.string().trim().max(MAX_PAYOUT_REASON).optional(),
  tx_hash: z.string().trim().optional(),
});

/** A parsed review. */
export type PayoutReview = z.output<typeof payoutReviewSchema>;

/** One move, as the audit records it. */
export interface PayoutMove {
  payoutId: number;
  action: PayoutAction;
  from: PayoutStatus;
  to: PayoutStatus;
  amount: string;
  currencyCode: number;
  chainId: number | null;
  reason: string | null;
  txHash: string | null;
}

/** What a review needs besides the database. */
export interface ReviewDeps {
  adminId: number;
  /** Card payments' settings, when on (yen payouts then go through Stripe). */
  stripe: StripeSettings | undefined;
  /** Writes the audit entry of a move, in its transaction. */
  audit: (tx: Transaction, move: PayoutMove) => Promise<void>;
  now?: Date;
}

type Payout = typeof payouts.$inferSelect;

/** The facts a payout's moves depend on. */
export function payoutFacts(payout: Payout, stripe: StripeSettings | undefined): PayoutFacts {
  const rail = payout.chainId !== null ? 'chain' : isYenPayout(payout) && stripe ? 'stripe' : 'manual';
  return { rail, transferStarted: payout.transferStartedAt !== null };
}

function check(payout: Payout, review: PayoutReview, facts: PayoutFacts): PayoutStatus {
  const input = { action: review.action, reason: review.reason, txHash: review.tx_hash };
  const problem = payoutReviewProblem(payout.status, input, facts);
  const next = nextPayoutStatus(payout.status, review.action, facts);
  if (next === null) throw conflict(problem ?? `status: the payout is ${payout.status}`);
  if (problem) throw unprocessable(problem);
  return next;
}

/** Writes a move of the status alone (approve, pay, reject) under the row lock, with its audit entry. */
async function move(db: Database, id: number, review: PayoutReview, deps: ReviewDeps, now: Date) {
  await db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!payout) throw notFound('No such payout');
    const next = check(payout, review, payoutFacts(payout, deps.stripe));
    // The tax withheld is fixed with the approval, under the same lock: exactly once, never recomputed.
    if (next === 'approved') await fixWithholding(tx, payout, now);
    const txHash = next === 'paid' && payout.chainId !== null ? (review.tx_hash?.toLowerCase() ?? null) : null;
    await tx
      .update(payouts)
      .set({
        status: next,
        reviewedBy: deps.adminId,
        ...(review.reason ? { reason: review.reason } : {}),
        ...(next === 'approved' ? { approvedAt: now } : {}),
        ...(next === 'rejected' ? { rejectedAt: now } : {}),
        ...(next === 'paid' ? { paidAt: now, txHash } : {}),
      })
      .where(eq(payouts.id, id));
    await deps.audit(tx, auditOf(payout, review, next));
    await noticePayout(tx, payout, next);
  });
}

function auditOf(payout: Payout, review: PayoutReview, to: PayoutStatus): PayoutMove {
  return {
    payoutId: payout.id,
    action: review.action,
    from: payout.status,
    to,
    amount: payout.amount,
    currencyCode: payout.currencyCode,
    chainId: payout.chainId,
    reason: review.reason ?? null,
    txHash: review.tx_hash ?? null,
  };
}

/** Audits a move made by the transfer or reversal step (the status moved there). */
async function auditStep(db: Database, payout: Payout, review: PayoutReview, to: PayoutStatus, deps: ReviewDeps) {
  await db.transaction(async (tx) => {
    await tx.update(payouts).set({ reviewedBy: deps.adminId }).where(eq(payouts.id, payout.id));
    await deps.audit(tx, auditOf(payout, review, to));
  });
}

/**
 * Reviews payout `id` (see the module comment): 404 unknown, 409 when its status does not allow the action, its
 * currency is held or a balance of its illustrator is below zero; 422 without a reason to reject or reverse, a
 * transaction hash to pay on chain, or a verified account for a yen transfer; 502 when Stripe does not answer.
 */
export async function reviewPayout(db: Database, id: number, review: PayoutReview, deps: ReviewDeps): Promise<void> {
  const now = deps.now ?? new Date();
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, id));
  if (!payout) throw notFound('No such payout');
  const facts = payoutFacts(payout, deps.stripe);
  const next = check(payout, review, facts);
  if (review.action === 'approve') {
    await reconcile(db, { chainId: payout.chainId, currencyCode: payout.currencyCode });
    if (await isHeld(db, payout.chainId, payout.currencyCode)) throw conflict(HELD_MESSAGE);
    const negative = negativeBalanceProblem(await payoutBalances(db, payout.illustratorId));
    if (negative) throw conflict(negative);
    if (facts.rail === 'stripe') await assertTransferable(db, payout.illustratorId);
  }
  if (review.action === 'transfer' && deps.stripe) {
    await transferPayout(db, id, deps.stripe, now);
    return auditStep(db, payout, review, next, deps);
  }
  if (review.action === 'reverse' && deps.stripe) {
    await reversePayout(db, id, deps.stripe, now);
    await db
      .update(payouts)
      .set({ reason: review.reason ?? null })
      .where(eq(payouts.id, id));
    return auditStep(db, payout, review, next, deps);
  }
  await move(db, id, review, deps, now);
  if (review.action === 'approve' && facts.rail === 'stripe' && deps.stripe) {
    await transferPayout(db, id, deps.stripe, now);
    const [moved] = await db.select().from(payouts).where(eq(payouts.id, id));
    if (moved) await auditStep(db, moved, { action: 'transfer' }, 'transferred', deps);
  }
}
