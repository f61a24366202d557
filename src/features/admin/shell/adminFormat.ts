/**
 * How the admin screens write amounts, chains and dates. Pure.
 *
 * @see docs/product-spec.md §9 (dates in Asia/Tokyo, price formats)
 */

import { CurrencyCode } from '~/features/chains/currencies';
import { currencySymbol } from '~/features/ledger/payoutRules';
import { formatDate } from '~/lib/dates';
import { formatCryptoPrecise, formatJpy } from '~/lib/price';

/** A chain the server runs, as pages pass it to the screens. */
export interface ChainChoice {
  chainId: number;
  chainName: string;
}

/** An on-chain amount in wei with up to 6 decimals and its symbol (`'0.0125 ETH'`); yen as `¥1,500`. */
export function formatWei(wei: string, currencyCode: number): string {
  if (currencyCode === CurrencyCode.JPY) return formatJpy(BigInt(wei));
  return formatCryptoPrecise(wei, currencySymbol(currencyCode), 6);
}

/** A fiat amount in its smallest unit (`'¥1,500'` for JPY, `'12.34 USD'` for cents). */
export function formatFiat(amount: string, currency: string): string {
  if (currency === 'JPY') return formatJpy(BigInt(amount));
  const value = BigInt(amount);
  return `${value / 100n}.${String(value % 100n).padStart(2, '0')} ${currency}`;
}

/** A chain's name when the server runs it, with its id (`'Polygon (137)'`), else the id alone. */
export function chainLabel(chainId: number | null, chains: readonly ChainChoice[]): string {
  if (chainId === null) return '—';
  const chain = chains.find((entry) => entry.chainId === chainId);
  return chain ? `${chain.chainName} (${chainId})` : String(chainId);
}

/** A date in Japan time, or a dash for none. */
export function formatWhen(iso: string | null): string {
  return iso ? formatDate(iso) : '—';
}
