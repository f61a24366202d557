/**
 * The payout request form's checks, before anything is sent: the amount typed in whole units (`0.5`)
 * read exactly as wei, then the same minimum and balance rules the server applies
 * ({@link payoutMinimum}). Pure, for the form island and its tests.
 *
 * @see /work/shared/spec/marketplace-spec.md §2 (/dashboard/payouts)
 */
import { payoutMinimum } from './payoutRules';

/** A balance the illustrator can request a payout from. */
export interface PayoutOption {
  chainId: number;
  currencyCode: number;
  currency: string;
  /** Wei, decimal string. */
  available: string;
}

/** Why an amount cannot be requested. */
export type PayoutFormProblem = 'invalidAmount' | 'notPayable' | 'belowMinimum' | 'aboveAvailable';

/** Decimals of every payable currency (ETH, BNB, POL, KLAY, ATEM, their wrapped forms). */
const DECIMALS = 18;

/**
 * An amount in whole units written with digits and at most one dot (`1`, `0.05`, `12.`, not `.5`,
 * `1e3` or `-1`), as wei; null when it is not such a number or has more than 18 decimals.
 */
export function parseAmount(text: string): bigint | null {
  const match = /^(\d{1,30})(?:\.(\d{0,18}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 10n ** BigInt(DECIMALS) + BigInt(fraction.padEnd(DECIMALS, '0'));
}

/** The wei to request for `text` from `option`, or the problem that stops it. */
export function checkPayoutAmount(
  text: string,
  option: PayoutOption,
): { ok: true; wei: bigint } | { ok: false; problem: PayoutFormProblem } {
  const wei = parseAmount(text);
  if (wei === null || wei <= 0n) return { ok: false, problem: 'invalidAmount' };
  const minimum = payoutMinimum(option.currencyCode);
  if (minimum === undefined) return { ok: false, problem: 'notPayable' };
  if (wei < minimum) return { ok: false, problem: 'belowMinimum' };
  if (wei > BigInt(option.available)) return { ok: false, problem: 'aboveAvailable' };
  return { ok: true, wei };
}
