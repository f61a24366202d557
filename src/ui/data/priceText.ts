import { CURRENCIES, type CurrencyCode } from '~/features/chains/currencies';
import { formatCryptoPrecise, formatJpy } from '~/lib/price';

/**
 * A price as text: crypto as whole-and-fraction units plus the currency symbol (up to 4 decimals), yen as ¥
 * with Japanese grouping; an unknown currency code leaves the amount as it is.
 */
export function priceText(amount: string, currencyCode: number): string {
  const info = CURRENCIES[currencyCode as CurrencyCode];
  if (!info) return amount;
  return info.symbol === 'JPY' ? formatJpy(BigInt(amount)) : formatCryptoPrecise(amount, info.symbol);
}
