import { describe, expect, it } from 'vitest';
import { addDays, changePercent, sharePercent, tokyoDay } from './periods';

describe('market periods', () => {
  it('counts a moment in its Asia/Tokyo day', () => {
    expect(tokyoDay(new Date('2026-03-01T14:59:59Z'))).toBe('2026-03-01');
    expect(tokyoDay(new Date('2026-03-01T15:00:00Z'))).toBe('2026-03-02');
  });

  it('moves a day across month ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('gives the change against the previous period, none from zero', () => {
    expect(changePercent(150n, 100n)).toBe(50);
    expect(changePercent(1n, 3n)).toBe(-66.6);
    expect(changePercent(5n, 0n)).toBeNull();
  });

  it('gives a share with one decimal', () => {
    expect(sharePercent(1, 3)).toBe(33.3);
    expect(sharePercent(0, 0)).toBe(0);
  });
});
