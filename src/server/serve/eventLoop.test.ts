import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventLoopDelaySummary, eventLoopSampling, IDLE_AFTER_MS, noteRequest } from './eventLoop';

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

describe('the event-loop delay figures', () => {
  it('count a request holding the thread, not the quiet time between two busy periods', async () => {
    noteRequest();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Quiet long enough for the sampler to stop, then busy again.
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS + 300));
    expect(eventLoopSampling()).toBe(false);
    noteRequest();
    await new Promise((resolve) => setTimeout(resolve, 30));
    // A request holding the thread for 80 ms is seen.
    const until = Date.now() + 80;
    while (Date.now() < until) {}
    await new Promise((resolve) => setTimeout(resolve, 30));
    const { max } = eventLoopDelaySummary();
    expect(max).toBeGreaterThan(50);
    expect(max).toBeLessThan(IDLE_AFTER_MS);
  }, 20_000);
});
