/** Dispatched on `document` after a live page swapped some of its parts (./livePage.ts); owner marks are redone. */
export const LIVE_UPDATED_EVENT = 'kf:live-updated';
