/**
 * Names the finance pages show for stored values: a chain id as the chain's name, a payout status as
 * a word, in the reader's language.
 */

import { chainKeyOfId } from '~/features/chains/chainKey';
import type { Translate } from '~/features/i18n/t';

/** The statuses a payout request goes through. */
export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;

/**
 * The name of the chain `chainId` (`Polygon`), "card payments" for none (yen collected by card), or
 * `Chain 80002`-style text for an unknown id.
 */
export function chainLabel(t: Translate, chainId: number | null): string {
  if (chainId === null) return t('dashboard.cardPayments');
  const key = chainKeyOfId(chainId);
  return key ? t(`chain.${key}`) : t('dashboard.chainUnknown', { id: chainId });
}

/** The word for a payout status (`requested` -> 申請中 / Requested); unknown statuses as they are. */
export function payoutStatusLabel(t: Translate, status: string): string {
  return (PAYOUT_STATUSES as readonly string[]).includes(status)
    ? t(`dashboard.payouts.status.${status as (typeof PAYOUT_STATUSES)[number]}`)
    : status;
}
