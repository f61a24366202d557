import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $loadingOverlay, setLoadingOverlay } from './store';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  setLoadingOverlay(false);
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('loading overlay', () => {
  it('shows at once when turned on and stays on', () => {
    setLoadingOverlay(true);
    expect($loadingOverlay.get()).toBe(true);
    vi.advanceTimersByTime(600);
    expect($loadingOverlay.get()).toBe(true);
  });

  it('stays up for 600 ms before it hides when turned off', () => {
    setLoadingOverlay(false);
    expect($loadingOverlay.get()).toBe(true);
    vi.advanceTimersByTime(599);
    expect($loadingOverlay.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect($loadingOverlay.get()).toBe(false);
  });

  it('restarts the timer on each call, so only the last value counts', () => {
    setLoadingOverlay(false);
    vi.advanceTimersByTime(500);
    setLoadingOverlay(true);
    vi.advanceTimersByTime(500);
    expect($loadingOverlay.get()).toBe(true);
    setLoadingOverlay(false);
    vi.advanceTimersByTime(599);
    expect($loadingOverlay.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect($loadingOverlay.get()).toBe(false);
  });
});
