import { describe, expect, test } from 'vitest';
import { formatBps, isAllowedFeeBps, MAX_PLATFORM_FEE_BPS, percentToBps } from './feeBps';

describe('platform fee basis points', () => {
  test('the back office allows whole basis points from 0 up to 10 %', () => {
    expect(MAX_PLATFORM_FEE_BPS).toBe(1000);
    expect([0, 1, 250, 1000].map(isAllowedFeeBps)).toEqual([true, true, true, true]);
    expect([-1, 1001, 2.5, Number.NaN].map(isAllowedFeeBps)).toEqual([false, false, false, false]);
  });

  test('a fee is shown as a percentage without trailing zeros', () => {
    expect([0, 1, 10, 250, 255, 1000].map(formatBps)).toEqual(['0%', '0.01%', '0.1%', '2.5%', '2.55%', '10%']);
  });

  test('a typed percentage reads as basis points, and anything else as null', () => {
    expect(['2.5', '2.50', '10', '0.01', ' 3 '].map(percentToBps)).toEqual([250, 250, 1000, 1, 300]);
    expect(['', '-1', '2.555', '1e2', 'abc', '.5'].map(percentToBps)).toEqual([null, null, null, null, null, null]);
  });
});
