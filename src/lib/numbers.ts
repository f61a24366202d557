/**
 * Number formatting for display.
 * @see docs/product-spec.md §9 "Numbers use Japanese formatting"
 */

/** Locale used for numbers unless a caller asks for another. @see spec §9 */
export const DEFAULT_NUMBER_LOCALE = 'ja-JP';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale);
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * Formats a number with the locale's grouping, Japanese ('ja-JP') by default:
 * `formatNumber(1234567)` gives `'1,234,567'`. Bigints are formatted exactly.
 * Formatters are cached per locale because building one is costly.
 * @see spec §9
 */
export function formatNumber(n: number | bigint, locale: string = DEFAULT_NUMBER_LOCALE): string {
  return formatterFor(locale).format(n);
}

/** A change in percent with its sign, e.g. "+12.5%", "-3%", "0%". */
export function signedPercent(value: number): string {
  return `${value > 0 ? '+' : ''}${value}%`;
}
