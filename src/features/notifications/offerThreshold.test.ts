import { describe, expect, it } from 'vitest';
import { CurrencyCode } from '~/features/chains/currencies.ts';
import { isOfferMinimum, offerTellsOwner, parseOfferMinimum } from './offerThreshold.ts';

const weth = (price: bigint) => ({ price, currencyCode: CurrencyCode.WETH });

describe('which offers tell a card’s owner', () => {
  it('without a minimum: those from half the floor in their coin up, and any without a floor', () => {
    expect(offerTellsOwner(weth(49n), undefined, 100n)).toBe(false);
    expect(offerTellsOwner(weth(50n), undefined, 100n)).toBe(true);
    expect(offerTellsOwner(weth(1n), undefined, null)).toBe(true);
  });

  it('with the owner’s minimum: it decides in the coin (0: every offer); an offer in another token tells', () => {
    expect(offerTellsOwner(weth(99n), 100n, 10n)).toBe(false);
    expect(offerTellsOwner(weth(100n), 100n, 1_000n)).toBe(true);
    expect(offerTellsOwner(weth(1n), 0n, 1_000n)).toBe(true);
    expect(offerTellsOwner({ price: 1n, currencyCode: CurrencyCode.ATEM }, 100n, null)).toBe(true);
  });

  it('reads a minimum as people write it', () => {
    expect(parseOfferMinimum('0.05')).toBe(50_000_000_000_000_000n);
    for (const good of ['0', '0.05', '123456789012.5']) expect(isOfferMinimum(good), good).toBe(true);
    for (const bad of ['', '-1', '1e3', '.5', '0.0000000000000000001', '1234567890123']) {
      expect(isOfferMinimum(bad), bad).toBe(false);
    }
  });
});
