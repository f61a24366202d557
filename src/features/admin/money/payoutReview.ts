/**
 * How an admin moves a payout request along: approve a request, reject a request or an approved payout
 * (with a reason the illustrator sees), and mark an approved payout paid (with its transaction hash).
 * Paid and rejected are final. Pure, so the review screen offers only the actions the API accepts.
 *
 * @see docs/product-spec.md §2 (/admins/payouts, /admins/payouts/{id}), §4 ("Business-level
 *   states of ... payouts ... are not shown")
 */

/** Payout statuses (same values as the `payouts.status` column). */
export type PayoutStatus = 'requested' | 'approved' | 'paid' | 'rejected';

/** What an admin can do to a payout. */
export const PAYOUT_ACTIONS = ['approve', 'reject', 'pay'] as const;
/** One review action. */
export type PayoutAction = (typeof PAYOUT_ACTIONS)[number];

const MOVES: Readonly<Record<PayoutAction, { from: readonly PayoutStatus[]; to: PayoutStatus }>> = {
  approve: { from: ['requested'], to: 'approved' },
  reject: { from: ['requested', 'approved'], to: 'rejected' },
  pay: { from: ['approved'], to: 'paid' },
};

/** Longest reason text, in characters. */
export const MAX_PAYOUT_REASON = 500;

/** The status `action` leads to from `status`, or null when the action is not allowed there. */
export function nextPayoutStatus(status: PayoutStatus, action: PayoutAction): PayoutStatus | null {
  const move = MOVES[action];
  return move.from.includes(status) ? move.to : null;
}

/** The actions allowed on a payout in `status`, in the order the screen shows them. */
export function payoutActions(status: PayoutStatus): PayoutAction[] {
  return PAYOUT_ACTIONS.filter((action) => nextPayoutStatus(status, action) !== null);
}

/** What a review needs besides the action. */
export interface PayoutReviewInput {
  action: PayoutAction;
  reason?: string | undefined;
  txHash?: string | undefined;
  /** False for a yen payout (paid to the payment account, with no transaction on chain). */
  onChain?: boolean | undefined;
}

/**
 * Why `input` cannot be applied to a payout in `status`, or null when it can: a rejection needs a
 * reason, a crypto payment needs a 32-byte transaction hash, and the move must be allowed.
 */
export function payoutReviewProblem(status: PayoutStatus, input: PayoutReviewInput): string | null {
  if (nextPayoutStatus(status, input.action) === null)
    return `status: a ${status} payout cannot be ${past(input.action)}`;
  if (input.action === 'reject' && !input.reason?.trim()) return 'reason: say why the payout is rejected';
  if ((input.reason?.length ?? 0) > MAX_PAYOUT_REASON) return `reason: at most ${MAX_PAYOUT_REASON} characters`;
  if (input.action === 'pay' && input.onChain !== false && !/^0x[0-9a-fA-F]{64}$/.test(input.txHash ?? ''))
    return 'tx_hash: the transaction hash of the payment (0x and 64 hex digits)';
  return null;
}

function past(action: PayoutAction): string {
  return action === 'pay' ? 'paid' : `${action}d`;
}
