/**
 * Income tax withheld at source (源泉徴収) on a payment to a resident individual for the kinds of income an admin
 * says are withheld: 10.21 % of the payment up to ¥1,000,000 and 20.42 % of the part above it (income tax 10 % /
 * 20 % with the 2.1 % reconstruction surtax), rounded down to the yen. Corporations and non-residents are not
 * withheld here (a non-resident's 20.42 % is a different regime the operator handles outside the site). Pure.
 *
 * @see https://www.nta.go.jp/taxes/shiraberu/taxanswer/gensen/2795.htm (報酬・料金等の源泉徴収税額)
 */

/** The threshold between the two rates, in yen. */
export const WITHHOLDING_THRESHOLD_JPY = 1_000_000n;

/** The tax withheld from a payment of `yen` (whole yen, not negative), rounded down. */
export function withholdingTax(yen: bigint): bigint {
  if (yen <= 0n) return 0n;
  const low = yen < WITHHOLDING_THRESHOLD_JPY ? yen : WITHHOLDING_THRESHOLD_JPY;
  const high = yen - low;
  // 10.21 % and 20.42 % in ten-thousandths, summed before the single rounding down.
  return (low * 1021n + high * 2042n) / 10_000n;
}

/** Who is paid, as the tax profile says (no profile: a resident individual, the usual illustrator). */
export interface Payee {
  kind: 'individual' | 'corporation';
  resident: boolean;
}

/** The kinds of income and whether each is withheld (the admin's setting). */
export interface WithholdingKinds {
  primary: boolean;
  royalty: boolean;
}

/** How a balance the payout draws on was earned: its payable revenue per kind, in its currency. */
export interface BalanceMix {
  primary: bigint;
  royalty: bigint;
}

/**
 * The part of a payout of `amount` that is subject to withholding: none for a corporation or a non-resident, or
 * when no kind is withheld; else the withheld kinds' share of the balance's payable revenue (a balance mixing
 * primary proceeds and royalties is withheld in proportion), rounded down.
 */
export function withheldPart(amount: bigint, payee: Payee, kinds: WithholdingKinds, mix: BalanceMix): bigint {
  if (payee.kind !== 'individual' || !payee.resident) return 0n;
  const primary = mix.primary > 0n ? mix.primary : 0n;
  const royalty = mix.royalty > 0n ? mix.royalty : 0n;
  const withheld = (kinds.primary ? primary : 0n) + (kinds.royalty ? royalty : 0n);
  const total = primary + royalty;
  if (withheld === 0n) return 0n;
  if (withheld === total || total === 0n) return amount;
  return (amount * withheld) / total;
}
