// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { $inFlight, $isRequestLoading, $online, trackRequest } from './requestState';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('request state', () => {
  it('raises the loading flag while a request is out and lowers it on the response', async () => {
    const request = deferred<string>();
    const tracked = trackRequest(request.promise);
    expect($isRequestLoading.get()).toBe(true);
    expect($inFlight.get()).toBe(1);
    request.resolve('body');
    await expect(tracked).resolves.toBe('body');
    expect($isRequestLoading.get()).toBe(false);
    expect($inFlight.get()).toBe(0);
  });

  it('lowers the loading flag on an error and passes the error on', async () => {
    const request = deferred<string>();
    const tracked = trackRequest(request.promise);
    request.reject(new Error('network down'));
    await expect(tracked).rejects.toThrow('network down');
    expect($isRequestLoading.get()).toBe(false);
    expect($inFlight.get()).toBe(0);
  });

  it('counts concurrent requests and lowers the flag on each response', async () => {
    const a = deferred<number>();
    const b = deferred<number>();
    const trackedA = trackRequest(a.promise);
    const trackedB = trackRequest(b.promise);
    expect($inFlight.get()).toBe(2);
    a.resolve(1);
    await trackedA;
    expect($inFlight.get()).toBe(1);
    expect($isRequestLoading.get()).toBe(false);
    b.resolve(2);
    await trackedB;
    expect($inFlight.get()).toBe(0);
  });

  it('raises the flag before a request given as a function starts', async () => {
    let seenDuring: boolean | undefined;
    await trackRequest(() => {
      seenDuring = $isRequestLoading.get();
      return Promise.resolve('ok');
    });
    expect(seenDuring).toBe(true);
    expect($isRequestLoading.get()).toBe(false);
  });

  it('settles the counters when starting the request throws', async () => {
    await expect(
      trackRequest(() => {
        throw new TypeError('bad url');
      }),
    ).rejects.toThrow('bad url');
    expect($inFlight.get()).toBe(0);
    expect($isRequestLoading.get()).toBe(false);
  });

  it('follows the browser going offline and online while subscribed', () => {
    const seen: boolean[] = [];
    const unbind = $online.listen((online) => seen.push(online));
    const onLine = vi.spyOn(navigator, 'onLine', 'get');
    try {
      onLine.mockReturnValue(false);
      window.dispatchEvent(new Event('offline'));
      expect($online.get()).toBe(false);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      expect($online.get()).toBe(true);
      expect(seen).toEqual([false, true]);
    } finally {
      unbind();
      onLine.mockRestore();
    }
  });
});
