import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers';

describe('formatNumber', () => {
  it('groups thousands the Japanese way by default', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
  });

  it('formats bigints exactly, beyond float precision', () => {
    expect(formatNumber(12345678901234567890n)).toBe('12,345,678,901,234,567,890');
  });

  it('follows another locale when asked', () => {
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
  });
});
