/**
 * The one `chain_id` schema of every endpoint and page, and the currency parameters: what a caller may
 * name a chain or a currency with. Whether the chain is configured here is checked where it is used
 * (`chainFromParam` in ./chainReads.server.ts), so that an unknown id gets a 422 naming the configured ones.
 */
import { z } from 'zod';
import { intParam } from '~/lib/pagination';
import { CURRENCIES, CurrencyCode, CurrencyType, canonicalCurrencyCode, isCurrencyCode } from './currencies';

/** Largest chain id we accept (EIP-155 ids in practice fit in 31 bits; PostgreSQL stores them as integer). */
export const MAX_CHAIN_ID = 2_147_483_647;

/**
 * An EVM chain id: a decimal string (query, path) or a JSON number, 1 to {@link MAX_CHAIN_ID}. Nothing is
 * coerced (`true`, `""`, `1e3`, `0x89` are refused).
 */
export const chainIdParam = z.union(
  [
    z
      .number()
      .int('must be a whole number')
      .min(1, `must be from 1 to ${MAX_CHAIN_ID}`)
      .max(MAX_CHAIN_ID, `must be from 1 to ${MAX_CHAIN_ID}`),
    intParam(1, MAX_CHAIN_ID),
  ],
  { error: (issue) => (issue.input === undefined ? 'is required' : 'must be a chain id (a whole number)') },
);

/** A numeric currency code of the spec's enum (0-10). @see docs/product-spec.md §3 "Currency code enum" */
export const currencyCodeParam = intParam(0, 11).refine(isCurrencyCode, 'must be a known currency code');

/** A currency an amount on chain can be in (native or ERC-20, not fiat), as a number. */
export const cryptoCurrencyCode = z
  .number()
  .int()
  .refine((code) => isCurrencyCode(code) && CURRENCIES[code].type !== CurrencyType.FIAT, 'must be a crypto currency')
  .transform((code) => canonicalCurrencyCode(code as CurrencyCode));

/**
 * The currency codes that mean the same currency as `code`: POL is stored as 6 or, in old rows, 10
 * (docs/product-spec.md §3 lists it twice), so a filter on either matches both.
 */
export function equivalentCurrencyCodes(code: CurrencyCode): CurrencyCode[] {
  return canonicalCurrencyCode(code) === CurrencyCode.POL ? [CurrencyCode.POL, CurrencyCode.POL_LEGACY] : [code];
}
