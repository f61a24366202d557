import { describe, expect, it } from 'vitest';
import { isAddressLike, normalizeAddress, shortenAddress, shortenAddressLong } from './addresses';

const ADDRESS = '0xAbCdEf0123456789abcdef0123456789ABCDEF12';

describe('shortenAddress', () => {
  it('keeps the first 4 and last 4 characters of a long address', () => {
    expect(shortenAddress(ADDRESS)).toBe('0xAb...EF12');
  });

  it('leaves strings of 8 characters or fewer as they are', () => {
    expect(shortenAddress('12345678')).toBe('12345678');
    expect(shortenAddress('123456789')).toBe('1234...6789');
  });

  it('gives an empty string for a missing address', () => {
    expect(shortenAddress(undefined)).toBe('');
    expect(shortenAddress(null)).toBe('');
  });
});

describe('shortenAddressLong', () => {
  it('keeps the first 7 and last 4 characters of a long address', () => {
    expect(shortenAddressLong(ADDRESS)).toBe('0xAbCdE...EF12');
  });

  it('leaves strings of 8 characters or fewer as they are', () => {
    expect(shortenAddressLong('0x1234')).toBe('0x1234');
  });
});

describe('isAddressLike', () => {
  it('accepts 0x followed by 40 hex digits in any case', () => {
    expect(isAddressLike(ADDRESS)).toBe(true);
  });

  it('rejects wrong lengths, missing prefixes, non-hex and non-strings', () => {
    expect(isAddressLike(ADDRESS.slice(0, -1))).toBe(false);
    expect(isAddressLike(ADDRESS.slice(2))).toBe(false);
    expect(isAddressLike(`0x${'g'.repeat(40)}`)).toBe(false);
    expect(isAddressLike(123)).toBe(false);
  });
});

describe('normalizeAddress', () => {
  it('lower-cases and trims an address', () => {
    expect(normalizeAddress(` ${ADDRESS} `)).toBe(ADDRESS.toLowerCase());
  });

  it('refuses a value that is not an address', () => {
    expect(() => normalizeAddress('0x123')).toThrow(TypeError);
  });
});
