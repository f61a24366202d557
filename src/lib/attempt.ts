/**
 * Runs one data load of a page so that a failure becomes the page's error state instead of a 500:
 * the error is logged on the server and the caller gets `{ ok: false }`. Pure (no server import), so
 * any page or component can use it. The server's page cache listens to the failures
 * ({@link whenLoadFails}): a page whose load failed because the database did not answer is not kept, and
 * answers 503 instead.
 */

/** A load that worked, with its value, or one that failed. */
export type Attempt<T> = { ok: true; value: T } | { ok: false };

let failed: ((error: unknown) => void) | undefined;

/**
 * Makes `listener` hear every failed load, in the failing load's own async context (so it can tell which request
 * rendered it); one listener, the last one given.
 */
export function whenLoadFails(listener: ((error: unknown) => void) | undefined): void {
  failed = listener;
}

/** Awaits `load`; logs and reports a failure instead of throwing. `what` names it in the log. */
export async function attempt<T>(what: string, load: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    console.error(`[page] loading ${what} failed`, error);
    failed?.(error);
    return { ok: false };
  }
}
