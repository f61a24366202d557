/**
 * Consumption tax in a qualified invoice (適格請求書): one standard rate (10 %) for the platform's fees, the tax
 * computed once per invoice on the total of its items (not per item) from the tax-inclusive total, rounded down
 * to the yen, as the invoice rules allow one rounding per rate per invoice. Pure.
 *
 * @see https://www.nta.go.jp/taxes/shiraberu/zeimokubetsu/shohi/keigenzeiritsu/invoice_about.htm
 */

/** The standard rate, in percent. */
export const CONSUMPTION_TAX_RATE_PERCENT = 10;

/** The tax included in a tax-inclusive `total` (whole yen; negative for a return), rounded toward zero. */
export function includedConsumptionTax(total: bigint): bigint {
  const rate = BigInt(CONSUMPTION_TAX_RATE_PERCENT);
  const tax = ((total < 0n ? -total : total) * rate) / (100n + rate);
  return total < 0n ? -tax : tax;
}
