/**
 * The bytes behind a card or collection image URL as the catalogue stores it, for publishing them to IPFS:
 * `/media/...` from the media store, another site path from the built site's files (`CLIENT_DIR`, `dist/client`,
 * then `public/`, as the demo's drawn images), never outside those folders. Other URLs are not read (null).
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Settings } from '~/server/settings/schema';
import { readMedia } from '~/server/uploads.server';

/** Largest image read (the upload limit, with room for drawn SVGs). */
const MAX_BYTES = 4 * 1024 * 1024;

/** Folders of the site's own files, first match wins. */
export function siteFileRoots(settings: Pick<Settings, 'CLIENT_DIR'>): string[] {
  return [resolve(settings.CLIENT_DIR), resolve('public')];
}

/** The image's bytes, or null when the URL names nothing readable here. */
export async function siteImageBytes(url: string, roots: readonly string[]): Promise<Uint8Array | null> {
  if (url.startsWith('/media/')) {
    const stored = await readMedia(url.slice('/media/'.length));
    return stored ? new Uint8Array(stored.body) : null;
  }
  if (!/^\/[A-Za-z0-9/_.-]+$/.test(url) || url.includes('..')) return null;
  for (const root of roots) {
    const file = resolve(root, `.${url}`);
    const inside = relative(root, file);
    if (!inside || inside.startsWith('..') || isAbsolute(inside)) continue;
    const bytes = await readFile(file).catch(() => null);
    if (bytes && bytes.length <= MAX_BYTES) return new Uint8Array(bytes);
  }
  return null;
}
