import { atom, onMount } from 'nanostores';

/**
 * The global loading flag: set true when a request starts and false when any response or error
 * arrives, as the spec describes (so it can read false while other requests are still out; use
 * `$inFlight` for an exact count).
 * @see spec §4 "A global loading flag is true on each request and false on each response or error"
 */
export const $isRequestLoading = atom<boolean>(false);

/** How many tracked requests are still out. @see spec §4 "a count of in-flight fetches" */
export const $inFlight = atom<number>(0);

/**
 * Whether the browser says it is online; follows the window's online/offline events while
 * anything listens. True on the server.
 * @see spec §4 "The online/offline state"
 */
export const $online = atom<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);

onMount($online, () => {
  if (typeof window === 'undefined') return;
  const update = () => $online.set(navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
});

/**
 * Counts a request while it is out and drives the loading flag; resolves or rejects exactly as
 * the request does. Pass a function that starts the request to raise the flag before it starts
 * (a fetch may call back synchronously), or a promise already under way.
 * @see spec §4 "Other states"
 */
export function trackRequest<T>(request: Promise<T> | (() => Promise<T>)): Promise<T> {
  $inFlight.set($inFlight.get() + 1);
  $isRequestLoading.set(true);
  const settle = () => {
    $inFlight.set(Math.max(0, $inFlight.get() - 1));
    $isRequestLoading.set(false);
  };
  let pending: Promise<T>;
  try {
    pending = typeof request === 'function' ? request() : request;
  } catch (error) {
    pending = Promise.reject(error);
  }
  return pending.then(
    (value) => {
      settle();
      return value;
    },
    (error: unknown) => {
      settle();
      throw error;
    },
  );
}
