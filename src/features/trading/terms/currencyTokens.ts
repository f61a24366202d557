/**
 * Which token pays a price in each currency on a chain: the native coin (Seaport item type NATIVE, the zero
 * address), the chain's wrapped coin (its `payment` contract) or ATEM (its `atem` contract), and back from a
 * paid token to the currency code. Currencies whose contract is not deployed on the chain have no token.
 *
 * @see docs/product-spec.md §3 "Currency code enum", "Currency types", "Chain id to currency"
 */
import { type Address, zeroAddress } from 'viem';
import { isDeployedAddress } from '~/features/chains/chainConfig';
import type { Chain } from '~/features/chains/chains';
import {
  CURRENCIES,
  CurrencyCode,
  CurrencyType,
  canonicalCurrencyCode,
  currenciesForChain,
} from '~/features/chains/currencies';
import { ItemType } from '../seaport/seaportTypes';

/** How a price in one currency is paid through Seaport. */
export interface CurrencyToken {
  itemType: typeof ItemType.NATIVE | typeof ItemType.ERC20;
  /** The ERC-20 contract, or the zero address for the native coin. */
  token: Address;
}

/**
 * The token of `code` on `chain`, or undefined when the chain does not list in that currency (another
 * chain's coin, a fiat code) or its contract is not deployed there.
 */
export function currencyToken(chain: Chain, code: number): CurrencyToken | undefined {
  const listed = currenciesForChain(chain.key);
  const wanted = listed.find((candidate) => candidate === canonicalCurrencyCode(code as CurrencyCode));
  if (wanted === undefined) return undefined;
  if (CURRENCIES[wanted].type === CurrencyType.NATIVE) return { itemType: ItemType.NATIVE, token: zeroAddress };
  const token = wanted === CurrencyCode.ATEM ? chain.contracts.atem : chain.contracts.payment;
  return isDeployedAddress(token) ? { itemType: ItemType.ERC20, token } : undefined;
}

/** The currencies `chain` lists with how each is paid, in the chain's order (undeployed tokens left out). */
export function listedCurrencies(chain: Chain): (CurrencyToken & { code: CurrencyCode })[] {
  return currenciesForChain(chain.key).flatMap((code) => {
    const paid = currencyToken(chain, code);
    return paid ? [{ code, ...paid }] : [];
  });
}

/** The currency code a Seaport payment item on `chain` is in, or undefined for a token the chain does not list. */
export function currencyOfToken(chain: Chain, itemType: number, token: string): CurrencyCode | undefined {
  return currenciesForChain(chain.key).find((code) => {
    const paid = currencyToken(chain, code);
    return paid !== undefined && paid.itemType === itemType && paid.token.toLowerCase() === token.toLowerCase();
  });
}
