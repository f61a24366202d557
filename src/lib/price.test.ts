import { describe, expect, it } from 'vitest';
import { formatCrypto, formatCryptoPrecise, formatJpy, parseWei, weiToWholeEther } from './price';

const ETHER = 10n ** 18n;

describe('formatJpy', () => {
  it('puts a yen sign before the Japanese-formatted amount', () => {
    expect(formatJpy(12000)).toBe('¥12,000');
    expect(formatJpy(0)).toBe('¥0');
    expect(formatJpy(1_000_000n)).toBe('¥1,000,000');
  });

  it('puts the minus before the yen sign', () => {
    expect(formatJpy(-500)).toBe('-¥500');
  });
});

describe('weiToWholeEther', () => {
  it('drops the fraction of an ether', () => {
    expect(weiToWholeEther((ETHER * 19n) / 10n)).toBe(1n);
    expect(weiToWholeEther(ETHER - 1n)).toBe(0n);
  });

  it('reads decimal and hex strings without losing precision', () => {
    expect(weiToWholeEther('123456789000000000000000000')).toBe(123456789n);
    expect(weiToWholeEther('0xde0b6b3a7640000')).toBe(1n);
  });
});

describe('parseWei', () => {
  it('refuses floats, exponents and empty strings', () => {
    expect(() => parseWei('1.5')).toThrow(TypeError);
    expect(() => parseWei('1e18')).toThrow(TypeError);
    expect(() => parseWei('')).toThrow(TypeError);
  });
});

describe('formatCrypto', () => {
  it('shows the whole ether part followed by the currency symbol', () => {
    expect(formatCrypto(ETHER, 'ETH')).toBe('1 ETH');
    expect(formatCrypto((ETHER * 3n) / 2n, 'WETH')).toBe('1 WETH');
    expect(formatCrypto(`${ETHER * 12345n}`, 'POL')).toBe('12,345 POL');
  });
});

describe('formatCryptoPrecise', () => {
  it('keeps up to four decimals by default, rounding half up', () => {
    expect(formatCryptoPrecise(1_234_560_000_000_000_000n, 'ETH')).toBe('1.2346 ETH');
    expect(formatCryptoPrecise(1_234_549_999_999_999_999n, 'ETH')).toBe('1.2345 ETH');
  });

  it('drops trailing zeros and a zero fraction', () => {
    expect(formatCryptoPrecise(ETHER / 2n, 'BNB')).toBe('0.5 BNB');
    expect(formatCryptoPrecise(ETHER * 2n, 'BNB')).toBe('2 BNB');
  });

  it('carries rounding into the whole part', () => {
    expect(formatCryptoPrecise(ETHER - 1n, 'ETH')).toBe('1 ETH');
  });

  it('shows all 18 decimals when asked and none when asked', () => {
    expect(formatCryptoPrecise(1n, 'ETH', 18)).toBe('0.000000000000000001 ETH');
    expect(formatCryptoPrecise((ETHER * 3n) / 2n, 'ETH', 0)).toBe('2 ETH');
  });

  it('signs negative amounts but not ones that round to zero', () => {
    expect(formatCryptoPrecise(-ETHER / 4n, 'ETH')).toBe('-0.25 ETH');
    expect(formatCryptoPrecise(-1n, 'ETH')).toBe('0 ETH');
  });

  it('refuses a fraction length outside 0 to 18', () => {
    expect(() => formatCryptoPrecise(ETHER, 'ETH', 19)).toThrow(RangeError);
    expect(() => formatCryptoPrecise(ETHER, 'ETH', 1.5)).toThrow(RangeError);
  });
});
