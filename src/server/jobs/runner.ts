/**
 * The one runner of background work: features register jobs with {@link JobRunner.every} (follow a chain,
 * re-check orders, expire listings, settle auctions, mint purchases, retry payment events, check the books) and
 * the process's entry starts and stops them all at once. A job runs a pass, then sleeps `pollMs` (or what the
 * pass asks for), doubling the wait after each failing pass up to `maxBackoffMs` and saying so once; a failing
 * job never holds back another (a pass should also catch what fails for one item and go on with the others).
 * `wake(name)` ends a job's sleep at once (a change event made work for it; {@link wakeJobs} does it for every
 * runner of the process, e.g. from an endpoint), so jobs poll slowly and still act at once. A pass returns the change it
 * made (and may report the change of each step it committed at once, `control.changed`): the runner publishes it with
 * the publisher its process gave ({@link JobRunnerOptions.publish}), so no job announces its own changes; the runner
 * knows no feature, so it is generic over what a change is. A job with `needsLock` runs only
 * while this process holds the leader lock (one per database: a chain is followed and an auction settled by one
 * process at a time); the runner takes the lock, stands by while another process holds it, and stands its lock
 * jobs down when the lock is lost. Each pass of a lock job runs under the lock it began with ({@link passLease}): its
 * writes are fenced with that lock's lease (./leaderFence.server.ts), so a pass that outlived its lock (the process
 * froze) writes nothing. A pass that failed because the database did not answer is tried again within
 * {@link DATABASE_RETRY_MS}, so jobs resume soon after a restart or fail-over. `stop()` wakes every job, lets the
 * passes under way finish, and frees the lock.
 *
 * @see ./leaderLock.server.ts, docs/architecture.md ("Background work")
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isDatabaseUnavailable } from '../db/unavailable';

/** How a job runs. */
export interface JobOptions {
  /** Wait between passes, in ms. */
  pollMs: number;
  /** Longest wait after failing passes (default 60 s). */
  maxBackoffMs?: number;
  /** Runs only in the process holding the leader lock. */
  needsLock?: boolean;
}

/**
 * What a pass may answer: the change it made (published once the pass returned; none when it changed nothing anyone
 * sees), and when to run again, sooner or later than `pollMs`.
 */
export interface PassResult<C> {
  nextInMs?: number | undefined;
  change?: C | undefined;
}

/** What a pass is given. */
export interface PassControl<C> {
  /** Turns true when the runner stops (a long pass can end early). */
  stopping: () => boolean;
  /**
   * Publishes at once the change of a step the pass committed (a pass that commits in steps, such as a chain's
   * catch-up range by range, so pages follow each step and not only the end). Never throws.
   */
  changed: (change: C) => Promise<void>;
}

/** One pass of a job. */
export type JobPass<C> = (control: PassControl<C>) => Promise<PassResult<C> | void>;

/** A held leader lock. */
export interface HeldLock {
  /** Resolves when the lock is lost (its connection ended), never when released. */
  lost: Promise<void>;
  /**
   * Whether the lock was confirmed recently enough to act on (a process frozen past its lease finds it false
   * when it runs again, before it learns the lock is gone). Absent: always.
   */
  fresh?: () => boolean;
  /**
   * Checks, inside a write's transaction and with `query` on its connection, that the lease is still this lock's;
   * throws otherwise (./leaderFence.server.ts). Absent: nothing to check (one process).
   */
  fence?: (query: LeaseQuery) => Promise<void>;
  release: () => Promise<void>;
}

/** Runs a statement on a transaction's connection (for {@link HeldLock.fence}). */
export type LeaseQuery = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** What the runner needs from its process. */
export interface JobRunnerOptions<C> {
  /**
   * Announces a change a pass made (the process's composition root gives it). None: the runner takes no job that
   * makes changes (its change type is `never`).
   */
  publish?: (change: C) => Promise<void>;
  /**
   * Takes the leader lock: resolves with it, or undefined when another process holds it (it may instead wait
   * until the lock is free; `signal` aborts the wait when the runner stops). None: lock jobs never run.
   */
  tryLock?: (signal: AbortSignal) => Promise<HeldLock | undefined>;
  /** How often a standby tries the lock, in ms (default 5 000). */
  lockRetryMs?: number;
  log?: (message: string) => void;
}

/** The runner, of jobs whose changes are `C`s. */
export interface JobRunner<C = never> {
  every: (name: string, options: JobOptions, run: JobPass<C>) => void;
  /**
   * Ends `name`'s sleep: every job whose name starts with `name`, or ends with `: {name}` (so `settling auctions`
   * wakes each chain's `Ethereum: settling auctions`).
   */
  wake: (name: string) => void;
  start: () => void;
  /** Resolves once this process holds the leader lock (never, for a standby stopped first). */
  leading: Promise<void>;
  stop: () => Promise<void>;
}

/** Sleeps that `wake()` ends early, every sleeper at once; once ended for good, it sleeps no more. */
function sleeper() {
  const waiting = new Set<() => void>();
  let over = false;
  const wake = () => {
    for (const resolve of [...waiting]) resolve();
  };
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        if (over) return resolve();
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        waiting.add(done);
      }),
    wake,
    end: () => {
      over = true;
      wake();
    },
  };
}

type Sleeper = ReturnType<typeof sleeper>;

const DEFAULT_MAX_BACKOFF_MS = 60_000;
/** The runners started in this process (for {@link wakeJobs}). */
const started = new Set<{ wake: (name: string) => void }>();

/** Wakes the jobs named `name` (as {@link JobRunner.wake}) on every runner of this process. */
export function wakeJobs(name: string): void {
  for (const runner of started) runner.wake(name);
}
/** How long a lock job waits while its lock is not fresh before it looks again. */
const STALE_LOCK_WAIT_MS = 1_000;
/** The longest a job waits after a pass the database did not answer (it is back within seconds, mostly). */
export const DATABASE_RETRY_MS = 2_000;

/** A lock job's pass: the job's name and the leader lock it began under. */
export interface LeasedPass {
  job: string;
  lock: HeldLock;
}

const passLeases = new AsyncLocalStorage<LeasedPass>();

/** The lock job's pass running here (in this async context); undefined outside such a pass. */
export function passLease(): LeasedPass | undefined {
  return passLeases.getStore();
}

/** A new runner (see the module comment); nothing runs before `start()`. */
export function createJobRunner<C = never>(options: JobRunnerOptions<C> = {}): JobRunner<C> {
  const log = options.log ?? ((message: string) => console.log(message));
  const jobs: { name: string; options: JobOptions; run: JobPass<C>; nap: Sleeper }[] = [];
  /** Publishes `change` of job `name`; a publisher that fails is said, and the job goes on (its write stands). */
  const publish = async (name: string, change: C | undefined) => {
    if (change === undefined || !options.publish) return;
    try {
      await options.publish(change);
    } catch (error) {
      log(`[jobs] ${name}: publishing its change failed: ${describe(error)}`);
    }
  };
  const loops: Promise<void>[] = [];
  let running = false;
  let stopped = false;
  /** The current lock session; undefined while this process does not lead. */
  let leader: { halted: boolean; lock: HeldLock } | undefined;
  const waiting = new AbortController();
  const leaderNap = sleeper();
  /** Lock jobs wait here while this process does not lead. */
  let leaderChanged = sleeper();
  let markLeading: () => void = () => {};
  const leading = new Promise<void>((resolve) => {
    markLeading = resolve;
  });

  const loop = async (job: (typeof jobs)[number]) => {
    let failures = 0;
    while (!stopped) {
      if (job.options.needsLock && (!leader || leader.halted)) {
        await leaderChanged.sleep(60_000);
        continue;
      }
      if (job.options.needsLock && leader?.lock.fresh && !leader.lock.fresh()) {
        // Not confirmed lately (this process was stopped or starved): wait for the lock's heartbeat to say.
        await job.nap.sleep(STALE_LOCK_WAIT_MS);
        continue;
      }
      let wait = job.options.pollMs;
      const session = job.options.needsLock ? leader : undefined;
      try {
        const pass = () =>
          job.run({
            stopping: () => stopped || session?.halted === true,
            changed: (change) => publish(job.name, change),
          });
        const result = await (session ? passLeases.run({ job: job.name, lock: session.lock }, pass) : pass());
        if (failures > 0) log(`[jobs] ${job.name}: working again`);
        failures = 0;
        if (result) await publish(job.name, result.change);
        if (result && result.nextInMs !== undefined) wait = result.nextInMs;
      } catch (error) {
        failures += 1;
        if (failures === 1) log(`[jobs] ${job.name} failed; trying again, less often: ${describe(error)}`);
        const max = isDatabaseUnavailable(error)
          ? Math.min(DATABASE_RETRY_MS, job.options.maxBackoffMs ?? DATABASE_RETRY_MS)
          : (job.options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS);
        wait = Math.min(max, job.options.pollMs * 2 ** Math.min(failures, 16));
      }
      if (!stopped) await job.nap.sleep(wait);
    }
  };

  const lead = async () => {
    const tryLock = options.tryLock;
    if (!tryLock || !jobs.some((job) => job.options.needsLock)) return;
    let saidStandby = false;
    let saidError = false;
    while (!stopped) {
      const lock = await tryLock(waiting.signal).catch((error: unknown) => {
        if (!saidError) log(`[jobs] could not take the leader lock: ${describe(error)}`);
        saidError = true;
        return undefined;
      });
      if (lock) saidError = false;
      if (!lock) {
        if (!saidStandby) log('[jobs] another process leads; standing by');
        saidStandby = true;
        await leaderNap.sleep(options.lockRetryMs ?? 5_000);
        continue;
      }
      if (stopped) {
        await lock.release();
        return;
      }
      const session = { halted: false, lock };
      leader = session;
      markLeading();
      log('[jobs] leading: lock jobs run here');
      const wasWaiting = leaderChanged;
      leaderChanged = sleeper();
      wasWaiting.end();
      const lost = lock.lost.then(() => 'lost' as const);
      const ended = new Promise<'stopped'>((resolve) => {
        stopLeading = () => resolve('stopped');
      });
      const why = await Promise.race([lost, ended]);
      session.halted = true;
      leader = undefined;
      if (why === 'lost') {
        log('[jobs] lost the leader lock (its connection ended); standing by again');
        saidStandby = false;
        for (const job of jobs) if (job.options.needsLock) job.nap.wake();
        continue;
      }
      await Promise.all(loops);
      await lock.release();
      return;
    }
  };
  let stopLeading: () => void = () => {};
  let leadLoop: Promise<void> = Promise.resolve();

  const runner: JobRunner<C> = {
    every: (name, jobOptions, run) => {
      if (running) throw new Error(`job ${name} registered after the runner started`);
      if (jobs.some((job) => job.name === name)) throw new Error(`job ${name} is registered twice`);
      jobs.push({ name, options: jobOptions, run, nap: sleeper() });
    },
    wake: (name) => {
      for (const job of jobs) if (job.name.startsWith(name) || job.name.endsWith(`: ${name}`)) job.nap.wake();
    },
    start: () => {
      if (running) return;
      running = true;
      started.add(runner);
      for (const job of jobs) loops.push(loop(job));
      leadLoop = lead();
    },
    leading,
    stop: async () => {
      stopped = true;
      started.delete(runner);
      for (const job of jobs) job.nap.end();
      leaderChanged.end();
      leaderNap.end();
      waiting.abort();
      stopLeading();
      await Promise.all(loops);
      await leadLoop;
    },
  };
  return runner;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { message?: string } })?.cause?.message;
  const message = String((error as Error)?.message ?? error).split('\n')[0] ?? '';
  return cause ? `${message} (${cause})` : message;
}
