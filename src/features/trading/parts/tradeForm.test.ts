import { describe, expect, it } from 'vitest';
import { listingWindow, parseAmount, userPagePath } from './tradeForm';

const OWNER = '0x00000000000000000000000000000000000000aA';

describe('parseAmount', () => {
  it('turns a decimal price into the smallest unit', () => {
    expect(parseAmount('0.5', 18)).toBe(500_000_000_000_000_000n);
    expect(parseAmount(' 1,000.25 ', 2)).toBe(100_025n);
    expect(parseAmount('3', 0)).toBe(3n);
    expect(parseAmount('.1', 1)).toBe(1n);
  });
  it('refuses zero, negatives, text and too many fraction digits', () => {
    for (const text of ['', '.', '0', '0.00', '-1', 'abc', '1e3', '1.2.3']) expect(parseAmount(text, 18)).toBeNull();
    expect(parseAmount('0.001', 2)).toBeNull();
  });
});

describe('listingWindow', () => {
  it('starts now and ends whole days later', () => {
    expect(listingWindow(1_000.7, 2)).toEqual({ startTime: 1_000n, endTime: 1_000n + 172_800n });
  });
  it('refuses periods outside 1 to 180 days', () => {
    for (const days of [0, -1, 1.5, 181, Number.NaN]) expect(listingWindow(0, days)).toBeNull();
    expect(listingWindow(0, 180)).not.toBeNull();
  });
});

describe('userPagePath', () => {
  it('sends the seller to their page under the locale prefix', () => {
    expect(userPagePath('/en', OWNER)).toBe(`/en/user/${OWNER}`);
    expect(userPagePath('', OWNER)).toBe(`/user/${OWNER}`);
  });
});
