/**
 * A poll that slows down while nothing happens: the wait doubles after each pass that found nothing, from the job's
 * own interval up to a ceiling, and drops back to the interval after a pass that found work. A job returns its
 * answer as the pass's `nextInMs` (./runner.ts); a change that makes work for it should also wake it, so an idle
 * job still acts at once. Keeps a server at rest nearly idle (issue 40: at most half a percent of a core).
 */

/** The waits of one job (see the module comment). */
export interface IdleBackoff {
  /** The wait before the next pass, after a pass that found work (`busy`) or not. */
  next: (busy: boolean) => number;
}

/** Backs off from `everyMs` up to `maxMs` (never below `everyMs`). */
export function idleBackoff(everyMs: number, maxMs: number): IdleBackoff {
  const ceiling = Math.max(everyMs, maxMs);
  let wait = everyMs;
  return {
    next: (busy) => {
      wait = busy ? everyMs : Math.min(ceiling, wait * 2);
      return wait;
    },
  };
}
