/**
 * A Stripe Connect account's status as the dashboard shows it: `verified` (details submitted, payouts and
 * transfers enabled, nothing due), `pending` (onboarding not finished, or Stripe is still checking), else
 * `restricted` (something is due or Stripe disabled it: the illustrator opens onboarding again).
 *
 * @see https://docs.stripe.com/connect/express-accounts, https://docs.stripe.com/api/accounts/object
 */
import type { StripeAccountStatus } from '~/server/db/schema/payments';

/** The parts of a Stripe account the status reads. */
export interface AccountFacts {
  details_submitted?: boolean | null;
  payouts_enabled?: boolean | null;
  capabilities?: { transfers?: string | null } | null;
  requirements?: {
    disabled_reason?: string | null;
    currently_due?: string[] | null;
    past_due?: string[] | null;
  } | null;
}

/** The status of `account` (see the module comment). */
export function accountStatus(account: AccountFacts): StripeAccountStatus {
  const reason = account.requirements?.disabled_reason ?? null;
  const due = [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])];
  if (reason?.startsWith('rejected.') || reason === 'platform_paused' || reason === 'listed') return 'restricted';
  if (
    account.details_submitted &&
    account.payouts_enabled &&
    account.capabilities?.transfers === 'active' &&
    due.length === 0 &&
    !reason
  ) {
    return 'verified';
  }
  if (!account.details_submitted || reason === 'requirements.pending_verification' || reason === 'under_review') {
    return 'pending';
  }
  return 'restricted';
}
