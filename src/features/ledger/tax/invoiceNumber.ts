/**
 * The registration number of a qualified invoice issuer (適格請求書発行事業者登録番号): `T` and 13 digits, the first
 * of which is a check digit over the other twelve, computed as the National Tax Agency defines it for the
 * corporate number (法人番号) that a corporation's registration number repeats, and that numbers given to
 * individuals follow too: 9 − (Σ Pn × Qn mod 9), Pn the n-th digit of the twelve counted from the right, Qn 1
 * for odd n and 2 for even n. Pure.
 *
 * @see https://www.houjin-bangou.nta.go.jp/setsumei/ (法人番号の構成, 財務省令第七十号 第二条)
 */

/** `T` and 13 digits. */
export const INVOICE_NUMBER_PATTERN = /^T[1-9]\d{12}$/;

/** The check digit of the twelve digits `base` (a string of 12 digits). */
export function invoiceCheckDigit(base: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const digit = Number(base[12 - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/**
 * Why `value` is not a registration number, or null when it is one: the shape (`T` and 13 digits, full-width
 * digits and spaces are not accepted: the caller normalises first) and the check digit.
 */
export function invoiceNumberProblem(value: string): string | null {
  if (!INVOICE_NUMBER_PATTERN.test(value)) return 'must be T followed by 13 digits (e.g. T1234567890123)';
  const check = Number(value[1]);
  if (invoiceCheckDigit(value.slice(2)) !== check) return 'the check digit does not match: a digit is mistyped';
  return null;
}

/**
 * `value` as a registration number is written: upper-case `T`, full-width digits made half-width, spaces and
 * hyphens dropped (people copy the number from the NTA's site or a letter, `T1-2345-...`).
 */
export function normaliseInvoiceNumber(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\s\-‐−ー]/g, '')
    .replace(/^t/, 'T');
}
