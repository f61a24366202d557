import { describe, expect, it } from 'vitest';
import { PAGE_MAX_AGE, PAGE_SWR, pageMaxAge } from './cachePage';

describe('how long a cached page stays fresh', () => {
  const now = Date.parse('2026-03-10T03:00:00Z');

  it('is an hour without yen on the page', () => {
    expect(pageMaxAge(undefined, now)).toBe(PAGE_MAX_AGE);
  });

  it('ends, stale minute included, before the oldest yen rate on the page turns stale', () => {
    // The oldest rate turns stale in 30 minutes: fresh 29 minutes, then served stale at most one more.
    expect(pageMaxAge(now + 30 * 60_000, now)).toBe(30 * 60 - PAGE_SWR);
    expect(pageMaxAge(now + 30 * 60_000, now) + PAGE_SWR).toBeLessThanOrEqual(30 * 60);
    // Never past an hour, and at least a second when the rate is about to turn.
    expect(pageMaxAge(now + 3 * 3600_000, now)).toBe(PAGE_MAX_AGE);
    expect(pageMaxAge(now + 10_000, now)).toBe(1);
  });
});
