/**
 * Waits until `check` passes, polling: for what the server or its indexer records in the background.
 */

/** Resolves once `check()` is true; throws after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
