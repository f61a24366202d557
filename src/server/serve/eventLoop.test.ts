import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventLoopSampling, IDLE_AFTER_MS, noteRequest } from './eventLoop';

afterEach(() => {
  vi.useRealTimers();
});

describe('the event-loop delay histogram', () => {
  it('samples while requests come and stops once they stop (an idle server wakes for nothing)', () => {
    vi.useFakeTimers();
    expect(eventLoopSampling()).toBe(false);
    noteRequest();
    expect(eventLoopSampling()).toBe(true);
    vi.advanceTimersByTime(IDLE_AFTER_MS - 500);
    noteRequest();
    vi.advanceTimersByTime(IDLE_AFTER_MS - 100);
    // The second request came less than IDLE_AFTER_MS ago: still sampling.
    expect(eventLoopSampling()).toBe(true);
    vi.advanceTimersByTime(200);
    expect(eventLoopSampling()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    noteRequest();
    expect(eventLoopSampling()).toBe(true);
    vi.advanceTimersByTime(IDLE_AFTER_MS);
    expect(eventLoopSampling()).toBe(false);
  });
});
