import { describe, expect, it } from 'vitest';
import { checkPayoutAmount, parseAmount } from './payoutForm';

const eth = { chainId: 1, currencyCode: 2, currency: 'ETH', available: '1224250000000000000' };

describe('parseAmount', () => {
  it('reads whole units exactly as wei', () => {
    expect(parseAmount('1')).toBe(10n ** 18n);
    expect(parseAmount(' 0.05 ')).toBe(5n * 10n ** 16n);
    expect(parseAmount('12.')).toBe(12n * 10n ** 18n);
    expect(parseAmount('0.000000000000000001')).toBe(1n);
  });

  it('refuses signs, exponents, commas, a bare fraction and more than 18 decimals', () => {
    for (const text of ['-1', '1e3', '1,5', '.5', '', 'abc', '0.0000000000000000001']) {
      expect(parseAmount(text), text).toBeNull();
    }
  });
});

describe('checkPayoutAmount', () => {
  it('accepts an amount between the minimum and the available balance', () => {
    expect(checkPayoutAmount('0.5', eth)).toEqual({ ok: true, wei: 5n * 10n ** 17n });
    expect(checkPayoutAmount('1.22425', eth)).toEqual({ ok: true, wei: 1224250000000000000n });
  });

  it('names the problem: not a number, below the 0.01 ETH minimum, above the balance', () => {
    expect(checkPayoutAmount('zero', eth)).toEqual({ ok: false, problem: 'invalidAmount' });
    expect(checkPayoutAmount('0', eth)).toEqual({ ok: false, problem: 'invalidAmount' });
    expect(checkPayoutAmount('0.009', eth)).toEqual({ ok: false, problem: 'belowMinimum' });
    expect(checkPayoutAmount('1.3', eth)).toEqual({ ok: false, problem: 'aboveAvailable' });
  });

  it('refuses a currency that cannot be paid out', () => {
    expect(checkPayoutAmount('1', { ...eth, currencyCode: 0, currency: 'USD' })).toEqual({
      ok: false,
      problem: 'notPayable',
    });
  });

  it('reads yen as whole yen, with or without thousands commas, from the ¥1,000 minimum', () => {
    const yen = { chainId: null, currencyCode: 1, currency: 'JPY', available: '25920' };
    expect(checkPayoutAmount('12,000', yen)).toEqual({ ok: true, wei: 12_000n });
    expect(checkPayoutAmount('999', yen)).toEqual({ ok: false, problem: 'belowMinimum' });
    expect(checkPayoutAmount('1000.5', yen)).toEqual({ ok: false, problem: 'invalidAmount' });
    expect(checkPayoutAmount('30000', yen)).toEqual({ ok: false, problem: 'aboveAvailable' });
  });
});
