/**
 * Prices of the demo listings and sales: which currencies each chain lists in, plausible amounts in
 * each (as wei strings), the platform fee and the creator royalty, and the Seaport consideration items
 * a listing carries.
 *
 * @see docs/product-spec.md §3 (currency codes, chain id to currency, sell-card payload)
 * @see https://github.com/ProjectOpenSea/seaport (OrderComponents, ItemType)
 */
import { CurrencyCode } from '~/features/chains/currencies.ts';
import { LOCAL_FEE_RECIPIENT } from '~/features/chains/localDefaults.ts';
import { addressFrom, type Random } from './deterministic.ts';

/** Platform fee of the demo data on every chain, in basis points (2.5 %). */
export const DEMO_PLATFORM_FEE_BPS = 250;
/** Creator royalty on resales (ERC-2981), in basis points (10 %). */
export const DEMO_ROYALTY_BPS = 1000;
/** Where the demo listings send the platform fee: the local chains' fee recipient (no key controls it). */
export const DEMO_FEE_RECIPIENT = LOCAL_FEE_RECIPIENT.toLowerCase();

/** Currencies a demo listing on each chain uses, weighted by repetition (native coin most often). */
const CHAIN_CURRENCIES: Readonly<Record<number, readonly CurrencyCode[]>> = {
  1: [CurrencyCode.ETH, CurrencyCode.ETH, CurrencyCode.ETH, CurrencyCode.WETH, CurrencyCode.ATEM],
  56: [CurrencyCode.BNB, CurrencyCode.BNB, CurrencyCode.WBNB, CurrencyCode.ATEM],
  8217: [CurrencyCode.KLAYTN, CurrencyCode.KLAYTN, CurrencyCode.WKLAY, CurrencyCode.ATEM],
  137: [CurrencyCode.POL, CurrencyCode.POL, CurrencyCode.POL, CurrencyCode.ATEM],
};

/** How many units of each currency one ETH is roughly worth, so prices look alike across chains. */
const UNITS_PER_ETH: Readonly<Partial<Record<CurrencyCode, number>>> = {
  [CurrencyCode.ETH]: 1,
  [CurrencyCode.WETH]: 1,
  [CurrencyCode.BNB]: 5,
  [CurrencyCode.WBNB]: 5,
  [CurrencyCode.KLAYTN]: 20_000,
  [CurrencyCode.WKLAY]: 20_000,
  [CurrencyCode.POL]: 7_500,
  [CurrencyCode.WPOL]: 7_500,
  [CurrencyCode.ATEM]: 10_000,
};

/** ERC-20 contracts of the wrapped coins on mainnet; ATEM has none yet, so a derived placeholder. */
const ERC20_TOKENS: Readonly<Partial<Record<CurrencyCode, string>>> = {
  [CurrencyCode.WETH]: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  [CurrencyCode.WBNB]: '0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c',
  [CurrencyCode.WKLAY]: '0x19aac5f612f524b754ca7e7c41cbfa2e981a4432',
  [CurrencyCode.WPOL]: '0x0d500b1d8e8ef31e21c99d1db9a6444d3adf1270',
  [CurrencyCode.ATEM]: addressFrom('kirafuda-demo-atem'),
};

/** Card prices in thousandths of an ETH, before conversion to the listing's currency. */
const ETH_LADDER_MILLI = [20, 30, 45, 60, 80, 100, 120, 150, 200, 250, 300, 400, 500, 800, 1200];

const WEI_PER_MILLI = 10n ** 15n;

/** A currency for a listing on `chainId`, drawn from that chain's weighted list. */
export function pickCurrency(chainId: number, random: Random): CurrencyCode {
  const choices = CHAIN_CURRENCIES[chainId];
  if (!choices) throw new RangeError(`no demo currencies for chain ${chainId}`);
  return random.pick(choices);
}

/** Rounds to two significant digits, so converted prices stay round (1,234 -> 1,200). */
function roundTwoDigits(value: number): number {
  if (value < 100) return Math.round(value);
  const scale = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / scale) * scale;
}

/**
 * A plausible price in `currency`, as a wei string (18 decimals), rarer cards (`tier` 0..4) dearer.
 */
export function pickPrice(currency: CurrencyCode, tier: number, random: Random): string {
  const units = UNITS_PER_ETH[currency];
  if (units === undefined) throw new RangeError(`no demo price scale for currency ${currency}`);
  const step = Math.min(ETH_LADDER_MILLI.length - 1, tier * 2 + random.int(0, 5));
  const milli = roundTwoDigits((ETH_LADDER_MILLI[step] ?? 100) * units);
  return (BigInt(milli) * WEI_PER_MILLI).toString();
}

/** `amount * bps / 10000`, rounded down (wei strings in and out). */
export function share(amount: string, bps: number): string {
  return ((BigInt(amount) * BigInt(bps)) / 10_000n).toString();
}

/** `a - b` on wei strings. */
export function minus(a: string, b: string): string {
  return (BigInt(a) - BigInt(b)).toString();
}

/** Seaport ItemType and token of a payment in `currency`: native (0) or ERC-20 (1). */
export function paymentItem(currency: CurrencyCode): { itemType: 0 | 1; token: string } {
  const token = ERC20_TOKENS[currency];
  return token ? { itemType: 1, token } : { itemType: 0, token: `0x${'0'.repeat(40)}` };
}

/** The parts of a listing's price: seller proceeds, platform fee and (resales only) royalty. */
export interface PriceSplit {
  sellerProceeds: string;
  platformFee: string;
  royalty: string;
}

/** Splits `price`: the platform fee always, the creator royalty only when the seller is not the creator. */
export function splitPrice(price: string, resale: boolean): PriceSplit {
  const platformFee = share(price, DEMO_PLATFORM_FEE_BPS);
  const royalty = resale ? share(price, DEMO_ROYALTY_BPS) : '0';
  return { platformFee, royalty, sellerProceeds: minus(minus(price, platformFee), royalty) };
}
