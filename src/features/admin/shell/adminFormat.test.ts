import { describe, expect, test } from 'vitest';
import { chainLabel, formatFiat, formatWei, formatWhen } from './adminFormat';

describe('admin formats', () => {
  test('wei amounts keep up to six decimals with the currency symbol', () => {
    expect(formatWei('12500000000000000', 2)).toBe('0.0125 ETH');
    expect(formatWei('1000000000000000000', 6)).toBe('1 POL');
  });

  test('yen is written with the yen sign, other fiat in cents with its code', () => {
    expect(formatFiat('1500', 'JPY')).toBe('¥1,500');
    expect(formatFiat('1234', 'USD')).toBe('12.34 USD');
  });

  test('a chain the server runs shows its name; another shows its id; none shows a dash', () => {
    const chains = [{ chainId: 137, chainName: 'Polygon' }];
    expect([chainLabel(137, chains), chainLabel(56, chains), chainLabel(null, chains)]).toEqual([
      'Polygon (137)',
      '56',
      '—',
    ]);
  });

  test('dates are shown in Japan time, and a missing one as a dash', () => {
    expect(formatWhen('2025-01-01T00:00:00Z')).toBe('2025-01-01 09:00');
    expect(formatWhen(null)).toBe('—');
  });
});
