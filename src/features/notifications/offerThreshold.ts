/**
 * Which offers tell a card's owner (`offer_received`): offers far below what a card is worth are noise to its
 * owner and a cheap way to pester them. The owner's own minimum for the collection decides when they set one
 * (`0`: every offer); otherwise an offer under half the collection's floor in its coin tells no one. Prices are in
 * the smallest unit; a minimum is in the collection's chain's coin, so an offer in another token (ATEM) is not
 * weighed against it and tells. Pure: the settings island and the server share it.
 */
import { formatUnits, parseUnits } from 'viem';
import { COIN_DECIMALS, CURRENCIES, CurrencyType, coinOf } from '~/features/chains/currencies';

/** Without a minimum of the owner's, an offer under 1 / this of the floor in its coin does not tell. */
export const FLOOR_DIVISOR = 2n;

/** A minimum as people write it: a price in the coin, up to 12 whole digits and 18 decimals; `0` is allowed. */
const MINIMUM = /^\d{1,12}(\.\d{1,18})?$/;

/** Whether `value` is a minimum as people write it ("0.05", "0"). */
export function isOfferMinimum(value: string): boolean {
  return MINIMUM.test(value);
}

/** A written minimum in the coin's smallest unit. */
export const parseOfferMinimum = (value: string): bigint => parseUnits(value, COIN_DECIMALS);

/** A stored minimum as people write it ("0.05"). */
export const formatOfferMinimum = (value: bigint): string => formatUnits(value, COIN_DECIMALS);

/** An offer as the rule weighs it: its unit price and currency. */
export interface WeighedOffer {
  price: bigint;
  currencyCode: number;
}

/**
 * Whether `offer` tells the card's owner, given the owner's minimum for the collection (undefined: none set) and
 * the collection's floor in the offer's coin (null: no listing in it).
 */
export function offerTellsOwner(offer: WeighedOffer, minimum: bigint | undefined, floor: bigint | null): boolean {
  if (minimum !== undefined) {
    const inCoin = CURRENCIES[coinOf(offer.currencyCode) as keyof typeof CURRENCIES]?.type === CurrencyType.NATIVE;
    return !inCoin || offer.price >= minimum;
  }
  return floor === null || offer.price * FLOOR_DIVISOR >= floor;
}
