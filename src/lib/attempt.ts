/**
 * Runs one data load of a page so that a failure becomes the page's error state instead of a 500:
 * the error is logged on the server and the caller gets `{ ok: false }`. Pure (no server import), so
 * any page or component can use it.
 */

/** A load that worked, with its value, or one that failed. */
export type Attempt<T> = { ok: true; value: T } | { ok: false };

/** Awaits `load`; logs and reports a failure instead of throwing. `what` names it in the log. */
export async function attempt<T>(what: string, load: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    console.error(`[page] loading ${what} failed`, error);
    return { ok: false };
  }
}
