/**
 * How a payout moves (pure, so the review screen offers only what the API accepts). Three rails:
 * - `chain` (crypto): requested -> approved -> paid (an admin sends it and gives the transaction hash);
 * - `stripe` (yen to the illustrator's connected account): requested -> approved -> transferred (the transfer
 *   step, an idempotent Stripe transfer) -> paid (Stripe's `transfer.created`); a transferred or paid payout
 *   can be reversed (the transfer comes back); once the transfer step began it can no longer be rejected;
 * - `manual` (yen while card payments are off): requested -> approved -> paid by the admin.
 * A request, or an approved payout nothing was sent for, can be rejected with a reason the illustrator sees.
 *
 * @see docs/product-spec.md §2 (/admins/payouts, /admins/payouts/{id})
 */

/** Payout statuses (same values as the `payouts.status` column). */
export type PayoutStatus = 'requested' | 'approved' | 'transferred' | 'paid' | 'rejected' | 'reversed';

/** How a payout's money is sent. */
export type PayoutRail = 'chain' | 'stripe' | 'manual';

/** What an admin can do to a payout. */
export const PAYOUT_ACTIONS = ['approve', 'transfer', 'pay', 'reject', 'reverse'] as const;
/** One review action. */
export type PayoutAction = (typeof PAYOUT_ACTIONS)[number];

/** What the moves depend on besides the status. */
export interface PayoutFacts {
  rail: PayoutRail;
  /** The yen transfer step began (a transfer may exist at Stripe). */
  transferStarted?: boolean | undefined;
}

/** Longest reason text, in characters. */
export const MAX_PAYOUT_REASON = 500;

/** The status `action` leads to from `status`, or null when the action is not allowed there. */
export function nextPayoutStatus(status: PayoutStatus, action: PayoutAction, facts: PayoutFacts): PayoutStatus | null {
  const stripe = facts.rail === 'stripe';
  switch (action) {
    case 'approve':
      return status === 'requested' ? 'approved' : null;
    case 'transfer':
      return stripe && status === 'approved' ? 'transferred' : null;
    case 'pay':
      return !stripe && status === 'approved' ? 'paid' : null;
    case 'reject':
      return status === 'requested' || (status === 'approved' && !(stripe && facts.transferStarted))
        ? 'rejected'
        : null;
    case 'reverse':
      return stripe && (status === 'transferred' || status === 'paid') ? 'reversed' : null;
  }
}

/** The actions allowed on a payout, in the order the screen shows them. */
export function payoutActions(status: PayoutStatus, facts: PayoutFacts): PayoutAction[] {
  return PAYOUT_ACTIONS.filter((action) => nextPayoutStatus(status, action, facts) !== null);
}

/** What a review needs besides the action. */
export interface PayoutReviewInput {
  action: PayoutAction;
  reason?: string | undefined;
  txHash?: string | undefined;
}

/**
 * Why `input` cannot be applied to a payout in `status`, or null when it can: the move must be allowed, a
 * rejection or a reversal needs a reason, a crypto payment a 32-byte transaction hash.
 */
export function payoutReviewProblem(status: PayoutStatus, input: PayoutReviewInput, facts: PayoutFacts): string | null {
  if (nextPayoutStatus(status, input.action, facts) === null) {
    if (input.action === 'reject' && facts.rail === 'stripe' && status !== 'rejected' && status !== 'reversed')
      return 'status: the transfer was started; reverse it instead of rejecting';
    return `status: a ${status} payout cannot be ${PAST[input.action]}`;
  }
  if ((input.action === 'reject' || input.action === 'reverse') && !input.reason?.trim())
    return `reason: say why the payout is ${PAST[input.action]}`;
  if ((input.reason?.length ?? 0) > MAX_PAYOUT_REASON) return `reason: at most ${MAX_PAYOUT_REASON} characters`;
  if (input.action === 'pay' && facts.rail === 'chain' && !/^0x[0-9a-fA-F]{64}$/.test(input.txHash ?? ''))
    return 'tx_hash: the transaction hash of the payment (0x and 64 hex digits)';
  return null;
}

const PAST: Readonly<Record<PayoutAction, string>> = {
  approve: 'approved',
  transfer: 'transferred',
  pay: 'paid',
  reject: 'rejected',
  reverse: 'reversed',
};
