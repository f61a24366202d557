import { describe, expect, test } from 'vitest';
import { CurrencyCode } from '~/features/chains/currencies';
import { priceText } from './priceText';

describe('the one money formatter', () => {
  test('crypto in whole units with up to four decimals by default, rounded half away from zero', () => {
    expect(priceText('12500000000000000', CurrencyCode.ETH)).toBe('0.0125 ETH');
    expect(priceText(1_234_560_000_000_000_000n, CurrencyCode.WETH)).toBe('1.2346 WETH');
    expect(priceText('1000000000000000000', CurrencyCode.POL)).toBe('1 POL');
  });

  test('more decimals when asked, or every decimal the amount has', () => {
    expect(priceText('12345678000000000', CurrencyCode.ETH, 6)).toBe('0.012346 ETH');
    expect(priceText(1_234_567_000_000_000_001n, CurrencyCode.KLAYTN, 'exact')).toBe('1.234567000000000001 KLAY');
  });

  test('yen with the yen sign and grouping; dollars from cents; negative amounts keep their sign', () => {
    expect(priceText('1500', CurrencyCode.JPY)).toBe('¥1,500');
    expect(priceText(-500n, CurrencyCode.JPY)).toBe('-¥500');
    expect(priceText('123456', CurrencyCode.USD)).toBe('1,234.56 USD');
    expect(priceText('-1234', CurrencyCode.USD)).toBe('-12.34 USD');
  });

  test('a fiat code as Stripe writes it, in either case; an unknown currency leaves the amount', () => {
    expect(priceText('1500', 'jpy')).toBe('¥1,500');
    expect(priceText('1234', 'USD')).toBe('12.34 USD');
    expect(priceText('700', 'eur')).toBe('700 EUR');
    expect(priceText('700', 999)).toBe('700');
  });
});
