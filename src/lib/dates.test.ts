import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, INVALID_DATE } from './dates';

describe('formatDate', () => {
  it('shows a UTC moment in Japan time as YYYY-MM-DD HH:mm', () => {
    expect(formatDate(new Date('2024-03-05T15:07:59Z'))).toBe('2024-03-06 00:07');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatDate('2024-12-31T14:59:00Z')).toBe('2024-12-31 23:59');
    expect(formatDate(0)).toBe('1970-01-01 09:00');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatDate('2024-01-01T15:00:00Z')).toBe('2024-01-02 00:00');
  });

  it('gives "Invalid date" for missing or unparsable values', () => {
    expect(formatDate('not a date')).toBe('Invalid date');
    expect(formatDate(null)).toBe('Invalid date');
    expect(formatDate(undefined)).toBe('Invalid date');
    expect(formatDate('')).toBe('Invalid date');
    expect(formatDate(Number.NaN)).toBe('Invalid date');
  });
});

describe('formatDateTime', () => {
  it('names the zone on English pages only', () => {
    const at = '2026-01-02T03:04:00Z';
    expect(formatDateTime(at, 'ja')).toBe('2026-01-02 12:04');
    expect(formatDateTime(at, 'en')).toBe('2026-01-02 12:04 JST');
    expect(formatDateTime('nonsense', 'en')).toBe(INVALID_DATE);
  });
});
