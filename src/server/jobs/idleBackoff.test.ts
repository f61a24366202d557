import { describe, expect, it } from 'vitest';
import { idleBackoff } from './idleBackoff.ts';

describe('idleBackoff', () => {
  it('doubles the wait while passes find nothing, up to the ceiling, and drops back after work', () => {
    const backoff = idleBackoff(500, 8_000);
    expect([false, false, false, false, false, false].map(backoff.next)).toEqual([
      1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
    expect(backoff.next(true)).toBe(500);
    expect(backoff.next(false)).toBe(1_000);
  });

  it('never waits less than the interval', () => {
    const backoff = idleBackoff(4_000, 1_000);
    expect([false, true, false].map(backoff.next)).toEqual([4_000, 4_000, 4_000]);
  });
});
