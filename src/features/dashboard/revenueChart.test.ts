import { describe, expect, it } from 'vitest';
import { bucketStart, type ChartRow, periodLabel, periodStarts, revenueSeries, scale } from './revenueChart';

const row = (period: string, chainId: number, currencyCode: number, primary: string, royalty = '0'): ChartRow => ({
  period,
  chainId,
  currencyCode,
  currency: currencyCode === 2 ? 'ETH' : 'POL',
  primarySales: primary === '0' ? 0 : 1,
  primary,
  royaltySales: royalty === '0' ? 0 : 1,
  royalty,
  total: (BigInt(primary) + BigInt(royalty)).toString(),
});

describe('bucketStart', () => {
  it('starts weeks on Monday and months on the 1st, as the report does', () => {
    expect(bucketStart('2026-08-27', 'week')).toBe('2026-08-24');
    expect(bucketStart('2026-08-24', 'week')).toBe('2026-08-24');
    expect(bucketStart('2026-08-30', 'week')).toBe('2026-08-24');
    expect(bucketStart('2026-08-27', 'month')).toBe('2026-08-01');
    expect(bucketStart('2026-08-27', 'day')).toBe('2026-08-27');
  });
});

describe('periodStarts', () => {
  it('lists every bucket of the range, including the partial first and last ones', () => {
    expect(periodStarts('2025-11-24', '2026-02-03', 'month')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(periodStarts('2026-08-27', '2026-09-08', 'week')).toEqual(['2026-08-24', '2026-08-31', '2026-09-07']);
    expect(periodStarts('2026-02-27', '2026-03-02', 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe('revenueSeries', () => {
  it('makes one series per chain and currency with a bar for every bucket, empty ones at zero', () => {
    const series = revenueSeries(
      [row('2026-09-01', 137, 6, '300'), row('2026-07-01', 1, 2, '100', '5'), row('2026-09-01', 1, 2, '50')],
      '2026-07-15',
      '2026-09-10',
      'month',
    );
    expect(series.map((s) => `${s.chainId}:${s.currency}`)).toEqual(['1:ETH', '137:POL']);
    expect(series[0]?.bars.map((bar) => [bar.period, bar.total])).toEqual([
      ['2026-07-01', 105n],
      ['2026-08-01', 0n],
      ['2026-09-01', 50n],
    ]);
    expect(series[0]?.total).toBe(155n);
    expect(series[0]?.max).toBe(105n);
    expect(series[1]?.bars.map((bar) => bar.primary)).toEqual([0n, 0n, 300n]);
  });

  it('gives no series for an empty report', () => {
    expect(revenueSeries([], '2026-01-01', '2026-01-31', 'day')).toEqual([]);
  });
});

describe('scale', () => {
  it('scales wei amounts far beyond 2^53 exactly to pixels', () => {
    const max = 4_192_500_000_000_000_000_000n;
    expect(scale(max, max, 160)).toBe(160);
    expect(scale(max / 4n, max, 160)).toBe(40);
    expect(scale(0n, max, 160)).toBe(0);
    expect(scale(5n, 0n, 160)).toBe(0);
  });
});

describe('periodLabel', () => {
  it('shows months as year-month and days and weeks as month-day', () => {
    expect(periodLabel('2026-08-01', 'month')).toBe('2026-08');
    expect(periodLabel('2026-08-24', 'week')).toBe('08-24');
  });
});
