/** Minimum time between two automatic reloads. @see spec §9 "Chunk reload guard 60000 ms" */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** Where the time of the last automatic reload is kept (per tab). */
export const CHUNK_RELOAD_STORAGE_KEY = 'kirafuda:chunkReloadAt';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/**
 * Whether an error is a failed code-chunk load (Chromium, Safari and Firefox wordings), the sign
 * that a new deployment replaced the chunks this page was built with.
 */
export function isChunkLoadError(reason: unknown): boolean {
  if (typeof reason === 'string') return CHUNK_ERROR.test(reason);
  if (reason && typeof reason === 'object' && 'message' in reason && typeof reason.message === 'string') {
    return CHUNK_ERROR.test(reason.message);
  }
  return false;
}

/** The parts of `window` the guard uses. */
export interface ChunkReloadWindow {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  location: { reload(): void };
}

/** Options of `installChunkReload`; all default to the browser's own. */
export interface ChunkReloadOptions {
  win?: ChunkReloadWindow;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: () => number;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // blocked storage (privacy settings) throws on access
  }
}

/**
 * Reloads the page when a code chunk fails to load (Vite's `vite:preloadError`, or an unhandled
 * rejection with a dynamic-import failure message), at most once per 60 s per tab so a broken
 * deployment cannot loop. When it does not reload, the error is left to propagate (Vite rethrows
 * it; the rejection stays unhandled). Without usable storage it never reloads, for the same reason.
 * @returns a function that removes the listeners.
 * @see spec §4 "A code-chunk load failure reloads the page (at most once per 60 s) and rethrows", §8
 */
export function installChunkReload(options: ChunkReloadOptions = {}): () => void {
  const win = options.win ?? window;
  const storage = options.storage === undefined ? sessionStorageOrNull() : options.storage;
  const now = options.now ?? Date.now;

  function reloadIfAllowed(): boolean {
    if (!storage) return false;
    const time = now();
    try {
      const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? Number.NaN);
      if (time >= last && time - last < CHUNK_RELOAD_GUARD_MS) return false;
      storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(time));
    } catch {
      return false;
    }
    win.location.reload();
    return true;
  }

  const onPreloadError = (event: Event) => {
    if (reloadIfAllowed()) event.preventDefault();
  };
  const onRejection = (event: Event) => {
    if (!isChunkLoadError((event as PromiseRejectionEvent).reason)) return;
    if (reloadIfAllowed()) event.preventDefault();
  };

  win.addEventListener('vite:preloadError', onPreloadError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('vite:preloadError', onPreloadError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
