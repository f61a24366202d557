/**
 * A favourite's price alert as people write it: a price in the chain's coin ("0.05"), up to 12 whole digits and
 * the coin's 18 decimals, above 0. Shared by the heart's form (./PriceAlertForm.tsx) and the favourite endpoint.
 */

const PRICE = /^\d{1,12}(\.\d{1,18})?$/;

/** Whether `value` is a price an alert accepts. */
export function isAlertPrice(value: string): boolean {
  return PRICE.test(value) && /[1-9]/.test(value);
}
