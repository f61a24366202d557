/** Dispatched on `document` after a live page swapped some of its parts (./livePage.ts); owner marks are redone. */
export const LIVE_UPDATED_EVENT = 'kf:live-updated';

/**
 * Seconds a page whose stream was refused (503) waits before asking for a stream again: the server's
 * `Retry-After` (./stream.server.ts) and the browser's wait (./followStream.ts).
 */
export const STREAM_RETRY_SECONDS = 120;

/** Seconds between two polls of a page whose stream was refused (./followStream.ts): slow, it is the fallback. */
export const POLL_SECONDS = 60;
