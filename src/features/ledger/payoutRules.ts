/**
 * What an illustrator may request as a payout: crypto currencies (in wei) and yen from card payments, at
 * least a minimum per currency (so a transfer is worth its gas or its bank fee). Pure, so the payout form
 * can show the same minimums.
 *
 * Spec §2 (/dashboard/payouts), §9 ("payout thresholds: not shown").
 */
import { formatUnits } from 'viem';
import { CURRENCIES, CurrencyCode, isCurrencyCode } from '~/features/chains/currencies';
import { priceText } from '~/ui/data/priceText';

const units = (whole: bigint, thousandths = 0n) => whole * 10n ** 18n + thousandths * 10n ** 15n;

/**
 * Smallest payout per currency code: 0.01 ETH/WETH/BNB/WBNB, 1 POL/WPOL, 10 KLAY/WKLAY, 100 ATEM (in wei) and
 * ¥1,000 (in yen). USD has none.
 */
export const PAYOUT_MINIMUMS: Readonly<Partial<Record<CurrencyCode, bigint>>> = {
  [CurrencyCode.JPY]: 1_000n,
  [CurrencyCode.ETH]: units(0n, 10n),
  [CurrencyCode.WETH]: units(0n, 10n),
  [CurrencyCode.BNB]: units(0n, 10n),
  [CurrencyCode.WBNB]: units(0n, 10n),
  [CurrencyCode.POL]: units(1n),
  [CurrencyCode.POL_LEGACY]: units(1n),
  [CurrencyCode.WPOL]: units(1n),
  [CurrencyCode.KLAYTN]: units(10n),
  [CurrencyCode.WKLAY]: units(10n),
  [CurrencyCode.ATEM]: units(100n),
};

/** The minimum payout of a currency in wei, or undefined when it cannot be paid out. */
export function payoutMinimum(code: number): bigint | undefined {
  return isCurrencyCode(code) ? PAYOUT_MINIMUMS[code] : undefined;
}

/** The symbol of a currency code (`'ETH'`), or the code as text when unknown. */
export function currencySymbol(code: number): string {
  return isCurrencyCode(code) ? CURRENCIES[code].symbol : String(code);
}

/** Decimals of a payable currency (`CURRENCIES`): 0 for yen, 18 for every crypto currency. */
export function currencyDecimals(currencyCode: number): number {
  return isCurrencyCode(currencyCode) ? CURRENCIES[currencyCode].decimals : 18;
}

/** An amount in whole units as plain digits, exact: wei as ether units (`0.05`), yen as yen (`12000`). */
export function amountInUnits(amount: bigint, code: number): string {
  return formatUnits(amount, currencyDecimals(code));
}

/**
 * Why a payout of `amount` wei in currency `code` cannot be requested with `available` wei left, or
 * null when it can. The message is shown to the illustrator as is.
 */
export function payoutProblem(amount: bigint, code: number, available: bigint): string | null {
  const minimum = payoutMinimum(code);
  if (minimum === undefined) return `${currencySymbol(code)} cannot be paid out`;
  if (amount < minimum) return `The minimum payout is ${priceText(minimum, code, 'exact')}`;
  if (amount > available)
    return `The amount is more than the available balance of ${priceText(available, code, 'exact')}`;
  return null;
}
