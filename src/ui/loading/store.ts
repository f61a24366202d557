import { atom } from 'nanostores';

/** Delay before the overlay takes the requested value. @see spec §9 "Loading overlay delay 600 ms" */
export const LOADING_OVERLAY_DELAY_MS = 600;

/** Whether the full-page loading overlay is shown. @see spec §2 "Layouts" (newVersion, admin) */
export const $loadingOverlay = atom<boolean>(false);

let settleTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Shows the overlay at once, then after 600 ms sets it to `value`. Each call restarts the timer,
 * so a quick on-off-on sequence keeps the overlay up instead of flickering.
 * @see spec §4 "Other states: Loading overlay"
 */
export function setLoadingOverlay(value: boolean): void {
  if (settleTimer !== undefined) clearTimeout(settleTimer);
  $loadingOverlay.set(true);
  settleTimer = setTimeout(() => {
    settleTimer = undefined;
    $loadingOverlay.set(value);
  }, LOADING_OVERLAY_DELAY_MS);
}
