import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, type ChunkReloadWindow, installChunkReload, isChunkLoadError } from './chunkReload';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function setup(options: { storage?: ReturnType<typeof memoryStorage> | null } = {}) {
  const target = new EventTarget();
  const reload = vi.fn();
  const win: ChunkReloadWindow = {
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener),
    location: { reload },
  };
  let time = 1_000_000;
  const uninstall = installChunkReload({
    win,
    storage: options.storage === undefined ? memoryStorage() : options.storage,
    now: () => time,
  });
  const preloadError = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event;
  };
  const rejection = (reason: unknown) => {
    const event = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
    target.dispatchEvent(event);
    return event;
  };
  const advance = (ms: number) => {
    time += ms;
  };
  return { reload, uninstall, preloadError, rejection, advance };
}

describe('installChunkReload', () => {
  it('reloads the page when a chunk preload fails, and keeps the error from propagating', () => {
    const { reload, preloadError } = setup();
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at most once per 60 s and lets the error propagate otherwise', () => {
    const { reload, preloadError, advance } = setup();
    preloadError();
    advance(CHUNK_RELOAD_GUARD_MS - 1);
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    advance(1);
    expect(preloadError().defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads on an unhandled dynamic-import failure', () => {
    const { reload, rejection } = setup();
    const event = rejection(new TypeError('Failed to fetch dynamically imported module: /_astro/Buy.abc.js'));
    expect(event.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves other unhandled rejections alone', () => {
    const { reload, rejection } = setup();
    expect(rejection(new Error('Transaction has been reverted')).defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('never reloads when it cannot remember the last reload', () => {
    const { reload, preloadError } = setup({ storage: null });
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops listening once uninstalled', () => {
    const { reload, preloadError, uninstall } = setup();
    uninstall();
    preloadError();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it('recognises the chunk-load messages of Chromium, Safari and Firefox', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError('error loading dynamically imported module')).toBe(true);
  });

  it('rejects other errors and non-errors', () => {
    expect(isChunkLoadError(new Error('Insufficient funds'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError({ message: 42 })).toBe(false);
  });
});
