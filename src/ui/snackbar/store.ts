import { map } from 'nanostores';

/** Snackbar colours: primary for news, alert for failures. @see spec §3 "Snackbar" */
export type SnackbarColor = 'primary' | 'alert';

/** What the snackbar shows. @see spec §3 "Snackbar: show, text, timeout, color" */
export interface SnackbarState {
  show: boolean;
  text: string;
  /** Milliseconds the message stays before it hides itself. */
  timeout: number;
  color: SnackbarColor;
}

/** The store's own default timeout. @see spec §9 "Snackbar timeout: 300 ms default in the store" */
export const SNACKBAR_DEFAULT_TIMEOUT = 300;

/** The timeout layouts pass for their messages. @see spec §9 "3000 ms in layouts" */
export const LAYOUT_SNACKBAR_TIMEOUT = 3000;

/** The global snackbar (top-right; clicking hides it). @see spec §2 "Snackbar" */
export const $snackbar = map<SnackbarState>({
  show: false,
  text: '',
  timeout: SNACKBAR_DEFAULT_TIMEOUT,
  color: 'primary',
});

/** Options for `showSnackbar`. */
export interface ShowSnackbarOptions {
  color?: SnackbarColor;
  timeout?: number;
}

let hideTimer: ReturnType<typeof setTimeout> | undefined;

function stopTimer(): void {
  if (hideTimer !== undefined) clearTimeout(hideTimer);
  hideTimer = undefined;
}

/**
 * Shows a global message that hides itself after `timeout` ms. A new message replaces the
 * current one and restarts the timer, so it gets its full time on screen.
 * @see spec §2 "Snackbar", §8 (which messages use which colour)
 */
export function showSnackbar(
  text: string,
  { color = 'primary', timeout = SNACKBAR_DEFAULT_TIMEOUT }: ShowSnackbarOptions = {},
): void {
  stopTimer();
  $snackbar.set({ show: true, text, timeout, color });
  hideTimer = setTimeout(() => {
    hideTimer = undefined;
    $snackbar.setKey('show', false);
  }, timeout);
}

/** Hides the snackbar now (the visitor clicked it). @see spec §2 "clicking hides it" */
export function hideSnackbar(): void {
  stopTimer();
  $snackbar.setKey('show', false);
}
