import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '#tests/helpers/fakeEventSource';
import { followStream } from './followStream';
import { POLL_SECONDS, STREAM_RETRY_SECONDS } from './liveEvents';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeEventSource.reset();
});

describe('followStream (the bell and live pages)', () => {
  it('waits for the browser after a drop, polls at once and every minute after a refusal, and stops', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const poll = vi.fn();
    const onReady = vi.fn();
    const states: string[] = [];
    const stop = followStream({
      url: '/api/v1/notifications/stream',
      withCredentials: true,
      onChange: () => {},
      onReady,
      onState: (state) => states.push(state),
      poll,
    });
    const [first] = FakeEventSource.opened;
    expect(first?.init).toEqual({ withCredentials: true });
    first?.emit('ready');
    expect(onReady).toHaveBeenLastCalledWith(false);
    first?.emit('error');
    expect(states).toEqual(['live', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(poll).not.toHaveBeenCalled();
    first?.emit('ready');
    expect(onReady).toHaveBeenLastCalledWith(true);

    first?.refuse();
    expect(states.at(-1)).toBe('polling');
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_SECONDS * 1000);
    expect(poll).toHaveBeenCalledTimes(2);
    // Refused again when it asks: it keeps polling and asks again later.
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_SECONDS * 1000 - POLL_SECONDS * 1000);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]?.refuse();
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_SECONDS * 1000);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(poll).toHaveBeenCalledTimes(1 + (2 * STREAM_RETRY_SECONDS) / POLL_SECONDS);

    stop();
    expect(FakeEventSource.opened[2]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(poll).toHaveBeenCalledTimes(1 + (2 * STREAM_RETRY_SECONDS) / POLL_SECONDS);
  });
});
