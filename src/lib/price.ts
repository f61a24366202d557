/**
 * Price formatting: yen and crypto amounts held in wei. All crypto arithmetic is
 * bigint so no amount is ever rounded through a float.
 * @see docs/product-spec.md §9 "Price format"
 */
import { formatNumber } from './numbers';

/** Wei in one ether (and in one whole unit of every 18-decimal token). */
export const WEI_PER_ETHER = 10n ** 18n;

const ETHER_DECIMALS = 18;

/**
 * Reads a wei amount given as a bigint, a decimal string (`'1500'`, `'-2'`) or a
 * hex string (`'0x5dc'`), as JSON and RPC responses carry them.
 * @throws TypeError for anything else (floats, exponents, empty strings).
 */
export function parseWei(wei: bigint | string): bigint {
  if (typeof wei === 'bigint') return wei;
  const text = wei.trim();
  if (/^-?\d+$/.test(text) || /^0x[0-9a-fA-F]+$/.test(text)) return BigInt(text);
  throw new TypeError(`Not a wei amount: ${JSON.stringify(wei)}`);
}

/**
 * Formats a yen amount as `'¥'` plus the Japanese-formatted number
 * (`formatJpy(12000)` gives `'¥12,000'`); a negative amount puts the minus
 * before the sign (`'-¥500'`).
 * @see spec §9
 */
export function formatJpy(n: number | bigint): string {
  return n < 0 ? `-¥${formatNumber(-n)}` : `¥${formatNumber(n)}`;
}

/**
 * The whole-ether part of a wei amount, truncated toward zero
 * (1.9 ETH gives 1n, -1.9 ETH gives -1n).
 * @see spec §9
 */
export function weiToWholeEther(wei: bigint | string): bigint {
  return parseWei(wei) / WEI_PER_ETHER;
}

/**
 * The spec's crypto price format: the whole part of the amount in ether, with
 * Japanese grouping, then the currency symbol (`formatCrypto(10n ** 18n, 'ETH')`
 * gives `'1 ETH'`; 1.5 ETH also gives `'1 ETH'`, the fraction is dropped as the
 * spec says). Use {@link formatCryptoPrecise} where the fraction matters.
 * @param symbol the currency's symbol as shown (e.g. `'ETH'`, `'WKLAY'`), not its numeric code
 * @see spec §9
 */
export function formatCrypto(wei: bigint | string, symbol: string): string {
  return `${formatNumber(weiToWholeEther(wei))} ${symbol}`;
}

/**
 * Like {@link formatCrypto} but keeps up to `maxFractionDigits` decimals,
 * rounded half away from zero, trailing zeros dropped
 * (`formatCryptoPrecise(1_234_560_000_000_000_000n, 'ETH')` gives `'1.2346 ETH'`).
 * An extension for screens that need the fraction (buy confirmation, listing
 * form); the spec's own format is the whole-part one.
 * @throws RangeError when `maxFractionDigits` is not an integer from 0 to 18.
 */
export function formatCryptoPrecise(wei: bigint | string, symbol: string, maxFractionDigits = 4): string {
  if (!Number.isInteger(maxFractionDigits) || maxFractionDigits < 0 || maxFractionDigits > ETHER_DECIMALS) {
    throw new RangeError(`maxFractionDigits must be an integer from 0 to 18, got ${maxFractionDigits}`);
  }
  const amount = parseWei(wei);
  const abs = amount < 0n ? -amount : amount;
  const step = 10n ** BigInt(ETHER_DECIMALS - maxFractionDigits);
  const scaled = (abs + step / 2n) / step;
  const fractionUnit = 10n ** BigInt(maxFractionDigits);
  const whole = scaled / fractionUnit;
  const fraction =
    maxFractionDigits === 0
      ? ''
      : (scaled % fractionUnit).toString().padStart(maxFractionDigits, '0').replace(/0+$/, '');
  const sign = amount < 0n && scaled !== 0n ? '-' : '';
  return `${sign}${formatNumber(whole)}${fraction === '' ? '' : `.${fraction}`} ${symbol}`;
}

/**
 * About how many yen `wei` (of a currency with `decimals` places) is worth at `jpyPerUnit` yen per whole unit,
 * rounded to the yen: the "≈ ¥" figure beside a crypto price. The rate keeps 6 decimals, the amount stays bigint.
 */
export function approxYen(wei: bigint | string, decimals: number, jpyPerUnit: number): bigint {
  const micro = BigInt(Math.round(jpyPerUnit * 1_000_000));
  const scale = 10n ** BigInt(decimals) * 1_000_000n;
  return (parseWei(wei) * micro + scale / 2n) / scale;
}
