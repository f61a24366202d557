import type { SnackbarColor } from './store';

/**
 * The messages that can be carried to the next page (a guard's alert after a redirect, "signed in" after the
 * reload that follows a sign-in, ...). Pages are the same for every visitor, so the next page's snackbar reads
 * the one-shot `flash` cookie in the browser, and only then loads these messages' texts ({@link loadFlashTexts}).
 */
export const FLASH_KEYS = [
  'sessions.success',
  'sessions.failure',
  'sessions.loggedOut',
  'sessions.requireLogin',
  'sessions.requireIllustratorLogin',
  'sessions.requireWalletLogin',
  'sessions.requireAdminLogin',
  'sessions.illustratorsNotAllowed',
  'report.failure',
  'profile.edit.saved',
  'dashboard.payouts.requested',
  'admin.categories.created',
  'admin.categories.updated',
  'admin.categories.imageFailed',
] as const;

/** The texts of {@link FLASH_KEYS} in both languages, loaded when a page has a message to show. */
export async function loadFlashTexts(): Promise<Readonly<Record<'ja' | 'en', Readonly<Record<string, string>>>>> {
  return (await import('./flashTexts')).default;
}

/** A message that can be flashed. */
export type FlashKey = (typeof FLASH_KEYS)[number];

/** The cookie that carries it. */
export const FLASH_COOKIE = 'flash';

/**
 * Leaves a message for the next page the browser loads (after a reload or a navigation): the page's
 * snackbar shows it. The server sets the same cookie for its redirects' alerts.
 */
export function flashNextPage(key: FlashKey, color: SnackbarColor = 'primary'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a one-shot cookie the next page reads and clears; no store API needed
  document.cookie = `${FLASH_COOKIE}=${color}:${encodeURIComponent(key)}; path=/; max-age=60; SameSite=Lax`;
}

/** Reads and clears the flashed message, if any: its key and colour (the caller checks the key is known). */
export function takeFlash(doc: Document = document): { key: string; color: SnackbarColor } | null {
  const raw = doc.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FLASH_COOKIE}=`));
  if (!raw) return null;
  doc.cookie = `${FLASH_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
  const value = decodeURIComponent(raw.slice(FLASH_COOKIE.length + 1));
  const separator = value.indexOf(':');
  const color = value.slice(0, separator);
  if (color !== 'primary' && color !== 'alert') return null;
  return { key: value.slice(separator + 1), color };
}
