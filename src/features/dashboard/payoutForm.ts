/**
 * The payout request form's checks, before anything is sent: the amount typed in whole units (`0.5`, or
 * whole yen) read exactly in the smallest unit, then the same minimum and balance rules the server applies
 * ({@link payoutMinimum}). Pure, for the form island and its tests. Spec §2 (/dashboard/payouts).
 */
import { currencyDecimals, payoutMinimum } from '~/features/ledger/payoutRules';

/** A payable balance the illustrator can request a payout from. */
export interface PayoutOption {
  /** Null for yen from card payments. */
  chainId: number | null;
  currencyCode: number;
  currency: string;
  /** In the smallest unit (wei, or yen), decimal string. */
  available: string;
}

/** Why an amount cannot be requested. */
export type PayoutFormProblem = 'invalidAmount' | 'notPayable' | 'belowMinimum' | 'aboveAvailable';

/**
 * An amount in whole units written with digits and at most one dot (`1`, `0.05`, `12.`, not `.5`,
 * `1e3` or `-1`), in the smallest unit; null when it is not such a number or has more than `decimals`
 * decimals. Yen may be written with thousands commas (`1,000`).
 */
export function parseAmount(text: string, decimals = 18): bigint | null {
  const plain = decimals === 0 ? text.trim().replaceAll(',', '') : text.trim();
  const match = /^(\d{1,30})(?:\.(\d*))?$/.exec(plain);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + (decimals === 0 ? 0n : BigInt(fraction.padEnd(decimals, '0')));
}

/** The amount (smallest unit) to request for `text` from `option`, or the problem that stops it. */
export function checkPayoutAmount(
  text: string,
  option: PayoutOption,
): { ok: true; wei: bigint } | { ok: false; problem: PayoutFormProblem } {
  const wei = parseAmount(text, currencyDecimals(option.currencyCode));
  if (wei === null || wei <= 0n) return { ok: false, problem: 'invalidAmount' };
  const minimum = payoutMinimum(option.currencyCode);
  if (minimum === undefined) return { ok: false, problem: 'notPayable' };
  if (wei < minimum) return { ok: false, problem: 'belowMinimum' };
  if (wei > BigInt(option.available)) return { ok: false, problem: 'aboveAvailable' };
  return { ok: true, wei };
}
