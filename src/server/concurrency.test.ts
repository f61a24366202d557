import { describe, expect, it } from 'vitest';
import { HttpError } from './api/errors';
import { Slots } from './concurrency';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

describe('Slots', () => {
  it('runs at most `limit` tasks at once, queues up to `maxWaiting`, and refuses the rest with 503', async () => {
    const slots = new Slots(2, 1, 'busy');
    const gates = [deferred(), deferred(), deferred()];
    let peak = 0;
    const task = (i: number) => async () => {
      peak = Math.max(peak, slots.running);
      await gates[i]?.promise;
      return i;
    };
    const runs = [0, 1, 2].map((i) => slots.run(task(i)));
    const refused = await slots.run(task(9)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(503);
    expect((refused as HttpError).headers['Retry-After']).toBe('5');
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(peak).toBe(2);
    expect(slots.running).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const slots = new Slots(1, 0);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
  });

  it('refuses a task that waited past maxWaitMs with 503, and runs the next one after it normally', async () => {
    const slots = new Slots(1, 5, 'busy', 30);
    const gate = deferred();
    const first = slots.run(() => gate.promise);
    const late = await slots.run(async () => 'never').catch((error: unknown) => error);
    expect((late as HttpError).status).toBe(503);
    gate.resolve();
    await first;
    expect(await slots.run(async () => 'next')).toBe('next');
    expect(slots.running).toBe(0);
  });
});
