import type { SnackbarColor } from './store';

/**
 * Leaves a message for the next page the browser loads (after a reload or a navigation): the page's
 * snackbar shows it. The server reads the same `flash` cookie for its redirects' alerts.
 */
export function flashNextPage(key: string, color: SnackbarColor = 'primary'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a one-shot cookie the server reads and clears; no store API needed
  document.cookie = `flash=${color}:${encodeURIComponent(key)}; path=/; max-age=60; SameSite=Lax`;
}
