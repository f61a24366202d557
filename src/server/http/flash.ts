import type { AstroCookies } from 'astro';
import { FLASH_COOKIE, type FlashKey } from '~/ui/snackbar/flash';

/** A message carried across one redirect, shown by the next page's snackbar (spec §6 guard alerts). */
export interface Flash {
  key: FlashKey;
  color: 'primary' | 'alert';
}

/** Stores a flash message for the next page, whose snackbar reads it in the browser (../../ui/snackbar/flash.ts). */
export function setFlash(cookies: AstroCookies, flash: Flash): void {
  cookies.set(FLASH_COOKIE, `${flash.color}:${flash.key}`, { path: '/', maxAge: 60, sameSite: 'lax' });
}
