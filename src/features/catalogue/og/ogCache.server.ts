/**
 * Token Open Graph images, drawn once per look of the card and kept until it changes: the image is named by
 * a hash of what it shows (name, collection, creator, price, picture), so a changed card gets a new image and
 * an unchanged one is served from memory or from `DATA_DIR/cache/og/` (shared by every server process)
 * without drawing. At most two images are drawn at once; a burst beyond that waits or gets 503.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Slots } from '~/server/concurrency';
import { renderTokenOgImage, type TokenOgInput } from './ogImage.server';

/** Bumped when the drawing changes, so images drawn the old way are not served. */
const DRAWING_VERSION = 1;
/** Images kept in memory, and on disk before the oldest are removed. */
const MEMORY_ENTRIES = 200;
const DISK_ENTRIES = 5_000;

/** Drawings at once in this process. */
export const ogSlots = new Slots(2, 20, 'Too many preview images are being drawn; try again in a moment');

/** An image and its name (also its ETag), and whether it was drawn for this request. */
export interface OgImage {
  key: string;
  png: Buffer;
  drawn: boolean;
}

/** Where images are kept: `DATA_DIR/cache/og` (`./data/cache/og` by default). */
export function ogCacheDir(env: Record<string, string | undefined> = process.env): string {
  return resolve(env.DATA_DIR || './data', 'cache', 'og');
}

/** The name of the image of `input`. */
export function ogKey(input: TokenOgInput): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: DRAWING_VERSION, ...input }))
    .digest('hex')
    .slice(0, 32);
}

const memory = new Map<string, Buffer>();
const drawing = new Map<string, Promise<Buffer>>();
let writes = 0;

function remember(key: string, png: Buffer): void {
  memory.delete(key);
  memory.set(key, png);
  if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value as string);
}

/** Removes the oldest images on disk past {@link DISK_ENTRIES}. */
async function prune(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.png'));
  if (names.length <= DISK_ENTRIES) return;
  const dated = await Promise.all(
    names.map(async (name) => ({ name, at: (await stat(join(dir, name)).catch(() => undefined))?.mtimeMs ?? 0 })),
  );
  dated.sort((a, b) => a.at - b.at);
  await Promise.all(
    dated.slice(0, names.length - DISK_ENTRIES).map(({ name }) => unlink(join(dir, name)).catch(() => {})),
  );
}

/** The image of `input`: from memory, from disk, or drawn now (once, however many ask at the same time). */
export async function tokenOgImage(
  input: TokenOgInput,
  options: { dir?: string; render?: (input: TokenOgInput) => Promise<Buffer> } = {},
): Promise<OgImage> {
  const key = ogKey(input);
  const known = memory.get(key);
  if (known) return { key, png: known, drawn: false };
  const dir = options.dir ?? ogCacheDir();
  const file = join(dir, `${key}.png`);
  let pending = drawing.get(key);
  if (!pending) {
    const stored = await readFile(file).catch(() => undefined);
    if (stored) {
      remember(key, stored);
      return { key, png: stored, drawn: false };
    }
    // While the disk answered, another request may have drawn it, or be drawing it.
    const drawn = memory.get(key);
    if (drawn) return { key, png: drawn, drawn: false };
    pending = drawing.get(key);
  }
  const mine = pending === undefined;
  if (!pending) {
    const render = options.render ?? ((value: TokenOgInput) => renderTokenOgImage(value));
    pending = ogSlots.run(() => render(input));
    drawing.set(key, pending);
  }
  try {
    const png = await pending;
    if (mine) {
      remember(key, png);
      await mkdir(dir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, png);
      await rename(temporary, file);
      if (++writes % 100 === 0) await prune(dir);
    }
    return { key, png, drawn: mine };
  } finally {
    if (mine) drawing.delete(key);
  }
}

/** Forgets the images kept in memory (tests). */
export function forgetOgMemory(): void {
  memory.clear();
}
