/**
 * Currencies a price can be in, their kinds, and which ones each chain uses.
 * @see docs/product-spec.md §3 "Currency code enum", "Currency types", "Chain id to currency"
 */
import type { ChainKey } from './chains';

/**
 * Numeric currency codes, as stored and sent in the sell-card payload's
 * `currency_code`.
 *
 * The spec's enum has POL twice, as 6 and 10. Both are kept so every code
 * ever written still decodes: `POL` (6) is the one new code writes and the
 * chain map uses; `POL_LEGACY` (10) is the second, accepted on read and
 * mapped to 6 by {@link canonicalCurrencyCode}. ("Legacy" says "do not write
 * it", not which of the two came first, which the spec does not tell.)
 * `KLAYTN` (8) is Klaytn's native coin, KLAY. `WPOL` (11) is not in the spec's enum: Polygon's wrapped
 * coin, added so offers (which Seaport cannot make in a native coin) can be made on Polygon too.
 * @see spec §3
 */
export const CurrencyCode = {
  USD: 0,
  JPY: 1,
  ETH: 2,
  BNB: 3,
  WETH: 4,
  WBNB: 5,
  POL: 6,
  ATEM: 7,
  KLAYTN: 8,
  WKLAY: 9,
  POL_LEGACY: 10,
  WPOL: 11,
} as const;

/** The decimals of every chain's coin run here (and of its wrapped form): prices people type are in whole coins. */
export const COIN_DECIMALS = 18;

/** One numeric currency code. */
export type CurrencyCode = (typeof CurrencyCode)[keyof typeof CurrencyCode];

/** Kinds of currency: fiat (off-chain), the chain's native coin, or an ERC-20 token. @see spec §3 */
export const CurrencyType = { FIAT: 0, NATIVE: 1, ERC20: 2 } as const;

/** One currency kind. */
export type CurrencyType = (typeof CurrencyType)[keyof typeof CurrencyType];

/** What the UI and the payment code need to know about a currency. */
export interface CurrencyInfo {
  readonly type: CurrencyType;
  /** Symbol as shown after an amount, e.g. `'ETH'`. */
  readonly symbol: string;
  /** Decimal places of the smallest unit (18 for wei-based amounts). */
  readonly decimals: number;
}

const erc20 = (symbol: string): CurrencyInfo => ({ type: CurrencyType.ERC20, symbol, decimals: 18 });
const native = (symbol: string): CurrencyInfo => ({ type: CurrencyType.NATIVE, symbol, decimals: 18 });

/** Every currency code with its kind, symbol and decimals. */
export const CURRENCIES: Readonly<Record<CurrencyCode, CurrencyInfo>> = {
  [CurrencyCode.USD]: { type: CurrencyType.FIAT, symbol: 'USD', decimals: 2 },
  [CurrencyCode.JPY]: { type: CurrencyType.FIAT, symbol: 'JPY', decimals: 0 },
  [CurrencyCode.ETH]: native('ETH'),
  [CurrencyCode.BNB]: native('BNB'),
  [CurrencyCode.WETH]: erc20('WETH'),
  [CurrencyCode.WBNB]: erc20('WBNB'),
  [CurrencyCode.POL]: native('POL'),
  [CurrencyCode.ATEM]: erc20('ATEM'),
  [CurrencyCode.KLAYTN]: native('KLAY'),
  [CurrencyCode.WKLAY]: erc20('WKLAY'),
  [CurrencyCode.POL_LEGACY]: native('POL'),
  [CurrencyCode.WPOL]: erc20('WPOL'),
};

/**
 * The currency of each chain id. Kept as the spec gives it, including that
 * Klaytn mainnet (8217) maps to WKLAY while Baobab (1001) maps to native KLAY;
 * 97 (BNB testnet) is added as BNB.
 * @see spec §3 "Chain id to currency"
 */
export const CHAIN_ID_CURRENCY: Readonly<Record<number, CurrencyCode>> = {
  1: CurrencyCode.ETH,
  56: CurrencyCode.BNB,
  97: CurrencyCode.BNB,
  137: CurrencyCode.POL,
  1001: CurrencyCode.KLAYTN,
  8217: CurrencyCode.WKLAY,
  80001: CurrencyCode.POL,
  80002: CurrencyCode.POL,
  11155111: CurrencyCode.ETH,
};

/** The currency of a chain id, or `undefined` for an id the map does not know. @see spec §3 */
export function currencyForChainId(chainId: number): CurrencyCode | undefined {
  return CHAIN_ID_CURRENCY[chainId];
}

const CHAIN_CURRENCIES: Readonly<Record<ChainKey, readonly CurrencyCode[]>> = {
  ETH: [CurrencyCode.ETH, CurrencyCode.WETH, CurrencyCode.ATEM],
  BSC: [CurrencyCode.BNB, CurrencyCode.WBNB, CurrencyCode.ATEM],
  KLAYTN: [CurrencyCode.KLAYTN, CurrencyCode.WKLAY, CurrencyCode.ATEM],
  POLYGON: [CurrencyCode.POL, CurrencyCode.WPOL, CurrencyCode.ATEM],
};

/**
 * The currencies a listing on this chain may be priced in: the native coin
 * first, then its wrapped ERC-20 where there is one, then ATEM.
 */
export function currenciesForChain(chainKey: ChainKey): readonly CurrencyCode[] {
  return CHAIN_CURRENCIES[chainKey];
}

/** Whether a value is one of the numeric currency codes (0–11). */
export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'number' && Object.values<number>(CurrencyCode).includes(value);
}

/** The code new data should carry: `POL_LEGACY` (10) becomes `POL` (6), others are unchanged. */
export function canonicalCurrencyCode(code: CurrencyCode): CurrencyCode {
  return code === CurrencyCode.POL_LEGACY ? CurrencyCode.POL : code;
}

/**
 * The coin a currency is worth one for one: a wrapped coin its native coin (WETH -> ETH, WBNB -> BNB,
 * WKLAY -> KLAY, WPOL and 10 -> POL); any other currency itself. Yen rates and price alerts use it.
 */
export function coinOf(code: number): number {
  switch (code) {
    case CurrencyCode.WETH:
      return CurrencyCode.ETH;
    case CurrencyCode.WBNB:
      return CurrencyCode.BNB;
    case CurrencyCode.WKLAY:
      return CurrencyCode.KLAYTN;
    case CurrencyCode.WPOL:
    case CurrencyCode.POL_LEGACY:
      return CurrencyCode.POL;
    default:
      return code;
  }
}
