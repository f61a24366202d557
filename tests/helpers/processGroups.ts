/**
 * Child processes the test helpers start in their own process group (a server, an anvil with its
 * watchdog): kill a whole group, wait for a child to exit, and make sure every group still running is
 * killed when the test process exits, even abruptly.
 *
 * Runs under plain Node 24 too (type stripping), like the other helpers.
 */
import type { ChildProcess } from 'node:child_process';

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/** Kills a detached process group; ignores a group that is already gone. */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Tracks the group led by `pid` until it is released: if this process exits first, the group is killed.
 * Returns `release()`, which answers whether the group was still tracked (so a second stop does nothing).
 */
export function trackGroup(pid: number): () => boolean {
  liveGroups.add(pid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const live of liveGroups) killGroup(live, 'SIGKILL');
    });
  }
  return () => liveGroups.delete(pid);
}

/** Whether the child has exited (by code or signal). */
export function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves true when the child exits, or false after `ms`. */
export function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}
