import type { AstroCookies } from 'astro';
import type { MessageKey } from '../../features/i18n/t';

/** A message carried across one redirect, shown by the next page's snackbar (spec §6 guard alerts). */
export interface Flash {
  key: MessageKey;
  color: 'primary' | 'alert';
}

const FLASH_COOKIE = 'flash';

/** Stores a flash message for the next page (the browser may set one too; keys are checked on read). */
export function setFlash(cookies: AstroCookies, flash: Flash): void {
  cookies.set(FLASH_COOKIE, `${flash.color}:${flash.key}`, { path: '/', maxAge: 60, sameSite: 'lax' });
}

/** Reads and clears the flash message, if any. */
export function takeFlash(cookies: AstroCookies, isKnownKey: (key: string) => key is MessageKey): Flash | null {
  const raw = decodeURIComponent(cookies.get(FLASH_COOKIE)?.value ?? '');
  if (!raw) return null;
  cookies.delete(FLASH_COOKIE, { path: '/' });
  const separator = raw.indexOf(':');
  const color = raw.slice(0, separator);
  const key = raw.slice(separator + 1);
  if ((color !== 'primary' && color !== 'alert') || !isKnownKey(key)) return null;
  return { key, color };
}
