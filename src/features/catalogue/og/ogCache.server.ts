/**
 * Token Open Graph images, drawn once per look of the card and kept until it changes: the image is named by
 * a hash of what it shows (name, collection, creator, price, picture), so a changed card gets a new image and
 * an unchanged one is served from memory or from the drawn-image store (the database on PostgreSQL, shared by
 * every server process, whose first drawing is the one all serve; `DATA_DIR/cache/og/` for the embedded
 * database) without drawing. Its ETag is the hash of its bytes. At most two images are drawn at once; a burst
 * beyond that waits or gets 503.
 */
import { createHash } from 'node:crypto';
import { Slots } from '~/server/concurrency';
import { drawnStore, type MediaStore, type StoredMedia } from '~/server/mediaStore.server';
import { renderTokenOgImage, type TokenOgInput } from './ogImage.server';

/** Bumped when the drawing changes, so images drawn the old way are not served. */
const DRAWING_VERSION = 1;
/** Images kept in memory, and in the store before the oldest are removed. */
const MEMORY_ENTRIES = 200;
const STORED_ENTRIES = 5_000;

/** Drawings at once in this process. */
export const ogSlots = new Slots(2, 20, 'Too many preview images are being drawn; try again in a moment');

/** An image, its name, its ETag (the hash of its bytes), and whether it was drawn for this request. */
export interface OgImage {
  key: string;
  png: Buffer;
  etag: string;
  drawn: boolean;
}

/** The name of the image of `input`. */
export function ogKey(input: TokenOgInput): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: DRAWING_VERSION, ...input }))
    .digest('hex')
    .slice(0, 32);
}

const memory = new Map<string, StoredMedia>();
const drawing = new Map<string, Promise<StoredMedia>>();
let writes = 0;

function remember(key: string, image: StoredMedia): void {
  memory.delete(key);
  memory.set(key, image);
  if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value as string);
}

const answer = (key: string, image: StoredMedia, drawn: boolean): OgImage => ({
  key,
  png: image.body,
  etag: image.etag,
  drawn,
});

/** The image of `input`: from memory, from the store, or drawn now (once, however many ask at the same time). */
export async function tokenOgImage(
  input: TokenOgInput,
  options: { store?: MediaStore; render?: (input: TokenOgInput) => Promise<Buffer> } = {},
): Promise<OgImage> {
  const key = ogKey(input);
  const known = memory.get(key);
  if (known) return answer(key, known, false);
  const store = options.store ?? (await drawnStore());
  const path = `og/${key}.png`;
  let pending = drawing.get(key);
  if (!pending) {
    const stored = await store.get(path);
    if (stored) {
      remember(key, stored);
      return answer(key, stored, false);
    }
    // While the store answered, another request may have drawn it, or be drawing it.
    const drawn = memory.get(key);
    if (drawn) return answer(key, drawn, false);
    pending = drawing.get(key);
  }
  const mine = pending === undefined;
  if (!pending) {
    const render = options.render ?? ((value: TokenOgInput) => renderTokenOgImage(value));
    // Stored unless another process stored its drawing first: then that one is served, here as there.
    pending = ogSlots.run(() => render(input)).then((png) => store.put(path, png));
    drawing.set(key, pending);
  }
  try {
    const image = await pending;
    if (mine) {
      remember(key, image);
      if (++writes % 100 === 0)
        await store.prune('og', STORED_ENTRIES).catch((error: unknown) => {
          console.error('[og] pruning stored images failed:', error);
        });
    }
    return answer(key, image, mine);
  } finally {
    if (mine) drawing.delete(key);
  }
}

/** Forgets the images kept in memory (tests). */
export function forgetOgMemory(): void {
  memory.clear();
}
