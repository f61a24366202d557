/**
 * What a test file sets up once for all its tests (a database, a local chain with the market's contracts), written
 * once here instead of the same `beforeAll` / `afterAll` pair in every file: made before the file's tests, stopped
 * after them. The value returned stands for the fixture: read it inside tests and hooks, once the `beforeAll` it
 * registers has run (reading it earlier throws); register it before the file's own hooks that use it.
 */
import { afterAll, beforeAll } from 'vitest';

/** Reads through to `get()` on every property access, so a value made later can be handed out now. */
export function liveView<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = get();
      return Reflect.get(value, key, value);
    },
  });
}

/** `make()` before the file's tests and `stop()` after them; `timeout` bounds the making (ms). */
export function fileFixture<T extends object>(
  make: () => Promise<T>,
  stop: (made: T) => Promise<void>,
  timeout = 60_000,
): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  }, timeout);
  afterAll(async () => {
    if (made) await stop(made);
  });
  return liveView(() => {
    if (!made) throw new Error('The fixture is made in beforeAll: read it inside a test or a hook');
    return made;
  });
}
