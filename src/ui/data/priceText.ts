import { CURRENCIES, CurrencyCode, CurrencyType } from '~/features/chains/currencies';
import { formatNumber } from '~/lib/numbers';
import { formatCryptoPrecise, formatJpy } from '~/lib/price';

/**
 * The one way the product writes an amount of money, on pages, in islands and in messages: crypto in whole
 * units and a fraction of up to `digits` decimals (default 4, rounded half away from zero; `'exact'` for every
 * decimal the amount has) plus the currency's symbol (`'0.0125 ETH'`); yen as `¥12,000`; US dollars from cents
 * as `12.34 USD`. `currency` is a currency code, or a fiat code as Stripe names it (`'jpy'`, `'JPY'`). An
 * unknown currency leaves the amount as it is.
 *
 * @see docs/product-spec.md §9 "Price format"
 */
export function priceText(amount: string | bigint, currency: number | string, digits: number | 'exact' = 4): string {
  const code = typeof currency === 'number' ? currency : codeOfSymbol(currency);
  const info = code === undefined ? undefined : CURRENCIES[code as CurrencyCode];
  if (!info) return typeof currency === 'string' ? `${amount} ${currency.toUpperCase()}` : String(amount);
  const value = BigInt(amount);
  if (code === CurrencyCode.JPY) return formatJpy(value);
  if (code === CurrencyCode.USD) {
    const abs = value < 0n ? -value : value;
    return `${value < 0n ? '-' : ''}${formatNumber(abs / 100n)}.${String(abs % 100n).padStart(2, '0')} USD`;
  }
  return formatCryptoPrecise(value, info.symbol, digits === 'exact' ? info.decimals : Math.min(digits, info.decimals));
}

/** The currency code of a fiat code as Stripe writes it (`'jpy'`), or undefined. */
function codeOfSymbol(symbol: string): number | undefined {
  const wanted = symbol.toUpperCase();
  const found = Object.entries(CURRENCIES).find(([, info]) => info.type === CurrencyType.FIAT && info.symbol === wanted);
  return found ? Number(found[0]) : undefined;
}
