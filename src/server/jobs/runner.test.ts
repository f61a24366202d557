/**
 * The job runner: a failing job never stops another and is reported once, `wake` runs a job at once, lock jobs
 * run only in the process holding the leader lock and stand down when it is lost, each lock pass knows the lock it
 * began under (its writes are fenced with it), a pass the database did not answer is tried again within seconds,
 * `stop` lets a pass under way finish before it frees the lock and resolves, and the runner publishes the changes
 * passes make (each step's at once, the pass's once it returned).
 */
import { describe, expect, test } from 'vitest';
import { createJobRunner, DATABASE_RETRY_MS, type HeldLock, passLease } from './runner';

/** Waits until `check` holds, polling (the jobs run on their own timers). */
async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** One lock shared by the runners of a test, as the database's advisory lock is. */
function sharedLock() {
  let holder: object | undefined;
  const losers: (() => void)[] = [];
  const cut = new Set<object>();
  return {
    tryLock: (who: object) => async (): Promise<HeldLock | undefined> => {
      if (cut.has(who)) throw new Error('the database cannot be reached');
      if (holder) return undefined;
      holder = who;
      return {
        lost: new Promise<void>((resolve) => losers.push(resolve)),
        release: async () => {
          if (holder === who) holder = undefined;
        },
      };
    },
    /** The holder's connection drops, and it cannot reach the database until `restore`. */
    drop: () => {
      if (holder) cut.add(holder);
      holder = undefined;
      for (const lose of losers.splice(0)) lose();
    },
    restore: (who: object) => cut.delete(who),
    holder: () => holder,
  };
}

describe('the job runner', () => {
  test('a job that keeps failing is reported once and never holds back another', async () => {
    const lines: string[] = [];
    const runner = createJobRunner({ log: (line) => lines.push(line) });
    let failed = 0;
    let done = 0;
    runner.every('broken', { pollMs: 1, maxBackoffMs: 4 }, async () => {
      failed += 1;
      throw new Error('one item is broken');
    });
    runner.every('healthy', { pollMs: 1 }, async () => {
      done += 1;
    });
    runner.start();
    await until(() => failed >= 4 && done >= 20);
    await runner.stop();
    expect(lines.filter((line) => line.includes('broken failed'))).toEqual([
      '[jobs] broken failed; trying again, less often: one item is broken',
    ]);
  });

  test('wake runs a sleeping job at once', async () => {
    const runner = createJobRunner({ log: () => {} });
    let passes = 0;
    runner.every('sleepy: chain 1', { pollMs: 3_600_000 }, async () => {
      passes += 1;
    });
    runner.start();
    await until(() => passes === 1);
    runner.wake('sleepy');
    await until(() => passes === 2);
    await runner.stop();
    expect(passes).toBe(2);
  });

  test('lock jobs run only where the lock is held; a lost lock stands them down; the other process takes over', async () => {
    const lock = sharedLock();
    const first = {};
    const second = {};
    const ran = { first: 0, second: 0, free: 0 };
    const make = (who: object, key: 'first' | 'second') => {
      const runner = createJobRunner({ tryLock: lock.tryLock(who), lockRetryMs: 5, log: () => {} });
      runner.every('follow', { pollMs: 1, needsLock: true }, async () => {
        ran[key] += 1;
      });
      runner.every('mint', { pollMs: 1 }, async () => {
        ran.free += 1;
      });
      runner.start();
      return runner;
    };
    const one = make(first, 'first');
    await one.leading;
    const two = make(second, 'second');
    await until(() => ran.first > 5 && ran.free > 10);
    expect(ran.second).toBe(0);
    lock.drop();
    await two.leading;
    const firstAfter = ran.first;
    await until(() => ran.second > 5);
    expect(lock.holder()).toBe(second);
    // The first one stood down: it stands by for the lock, the second holds it.
    expect(ran.first - firstAfter).toBeLessThanOrEqual(1);
    lock.restore(first);
    await two.stop();
    await until(() => lock.holder() === first);
    await one.stop();
    expect(lock.holder()).toBeUndefined();
  });

  test('a lock job’s pass runs under the lock it began with, after it is lost too; other jobs under none', async () => {
    const lock = sharedLock();
    const runner = createJobRunner({ tryLock: lock.tryLock({}), lockRetryMs: 5, log: () => {} });
    let resume: () => void = () => {};
    const seen: { before?: HeldLock | undefined; after?: HeldLock | undefined; free?: unknown } = {};
    runner.every('follow', { pollMs: 3_600_000, needsLock: true }, async () => {
      seen.before = passLease()?.lock;
      await new Promise<void>((resolve) => {
        resume = resolve;
      });
      seen.after = passLease()?.lock;
      expect(passLease()?.job).toBe('follow');
    });
    runner.every('mint', { pollMs: 3_600_000 }, async () => {
      seen.free = passLease() ?? null;
    });
    runner.start();
    await until(() => seen.before !== undefined && seen.free !== undefined);
    const first = seen.before;
    lock.drop();
    resume();
    await until(() => seen.after !== undefined);
    await runner.stop();
    expect(seen.after).toBe(first);
    expect(seen.free).toBeNull();
  });

  test('a pass the database did not answer is tried again within seconds, however long the job sleeps', async () => {
    const runner = createJobRunner({ log: () => {} });
    const passes: number[] = [];
    runner.every('mail outbox', { pollMs: 3_600_000 }, async () => {
      passes.push(Date.now());
      if (passes.length === 1)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    runner.start();
    await until(() => passes.length === 2, DATABASE_RETRY_MS + 2_000);
    await runner.stop();
    expect((passes[1] ?? 0) - (passes[0] ?? 0)).toBeLessThan(DATABASE_RETRY_MS + 500);
  });

  test('stop lets the pass under way finish, runs no other, and frees the lock', async () => {
    const lock = sharedLock();
    const runner = createJobRunner({ tryLock: lock.tryLock({}), log: () => {} });
    let finish: () => void = () => {};
    let started = 0;
    let finished = 0;
    runner.every('settle', { pollMs: 1, needsLock: true }, async (control) => {
      started += 1;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      finished += 1;
      expect(control.stopping()).toBe(true);
    });
    runner.start();
    await until(() => started === 1);
    const stopped = runner.stop();
    let resolved = false;
    void stopped.then(() => {
      resolved = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolved).toBe(false);
    expect(lock.holder()).toBeDefined();
    finish();
    await stopped;
    expect({ started, finished }).toEqual({ started: 1, finished: 1 });
    expect(lock.holder()).toBeUndefined();
  });

  test('publishes a step’s change at once while the pass goes on, then the change the pass returns', async () => {
    const published: string[] = [];
    const runner = createJobRunner<string>({
      publish: async (change) => {
        published.push(change);
      },
      log: () => {},
    });
    let next: () => void = () => {};
    runner.every('catching up', { pollMs: 3_600_000 }, async (control) => {
      await control.changed('blocks 1-5');
      await new Promise<void>((resolve) => {
        next = resolve;
      });
      await control.changed('blocks 6-9');
      return { change: 'the pass' };
    });
    runner.start();
    await until(() => published.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(published).toEqual(['blocks 1-5']);
    next();
    await until(() => published.length === 3);
    await runner.stop();
    expect(published).toEqual(['blocks 1-5', 'blocks 6-9', 'the pass']);
  });

  test('a pass that throws keeps the steps it published and publishes nothing more; a failing publisher is said', async () => {
    const lines: string[] = [];
    const published: string[] = [];
    const runner = createJobRunner<string>({
      publish: async (change) => {
        if (change === 'unlucky') throw new Error('the database went away');
        published.push(change);
      },
      log: (line) => lines.push(line),
    });
    let passes = 0;
    runner.every('settling', { pollMs: 3_600_000 }, async (control) => {
      passes += 1;
      if (passes === 1) {
        await control.changed('settled 1');
        throw new Error('the node went away');
      }
      return { change: passes === 2 ? 'unlucky' : 'settled 2' };
    });
    runner.start();
    await until(() => passes === 1 && lines.length === 1);
    runner.wake('settling');
    await until(() => passes === 2 && lines.length === 3);
    runner.wake('settling');
    await until(() => published.length === 2);
    await runner.stop();
    expect(published).toEqual(['settled 1', 'settled 2']);
    expect(lines).toEqual([
      '[jobs] settling failed; trying again, less often: the node went away',
      '[jobs] settling: working again',
      '[jobs] settling: publishing its change failed: the database went away',
    ]);
  });
});
