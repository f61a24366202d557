/**
 * The store behind the page cache: entries by key, each with its tags, freshness and its body: plain, and in
 * each encoding once a visitor asked for it (compressed, then kept: {@link PageStore.addBody}, or replaced by a
 * smaller one: {@link PageStore.replaceBody}), evicted
 * least-recently-used past a byte budget.
 * Tags are indexed, so invalidating one is proportional to the pages it names. A fill started before a tag it
 * carries was invalidated is not stored (it may hold the old data), so an event can never be undone by a
 * render that was already running.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A stored response. */
export interface PageEntry {
  status: number;
  headers: [string, string][];
  /** The plain body, and the compressed ones made so far. */
  bodies: { identity: Buffer; br?: Buffer | undefined; gzip?: Buffer | undefined };
  etag: string;
  tags: string[];
  /** Whether the Brotli body is the quick one of a first ask (made again at the best quality once visitors return). */
  brQuick?: boolean;
  /** Answers from the cache so far. */
  hits: number;
  storedAt: number;
  maxAge: number;
  swr: number;
  size: number;
}

/** What a response's cache directives say (from the headers Astro's `cache.set()` writes). */
export interface CacheDirectives {
  maxAge: number;
  swr: number;
  tags: string[];
}

/**
 * Brotli's qualities: quick for a page's first ask, best for a page visitors come back to (`bodyIn` and
 * `countHit` in ./pageCache.ts). On a 28.7 KB token page, quality 3 took 0.15 ms of CPU for 8.9 KB, quality 4
 * 0.25 ms for 8.4 KB, quality 6 0.46 ms for 7.7 KB (best of 7 rounds of 200): a crawler's first ask, most of what
 * a page nobody asked yet costs to compress, takes the quickest (compression was 14 % of the thread that answers
 * in a crawl of distinct token pages at quality 4).
 */
export const BROTLI_QUALITY = { quick: 3, best: 6 } as const;

/** `identity` in `encoding` (on this thread: see `bodyIn` in ./pageCache.ts for why). */
export function encodeBody(
  identity: Buffer,
  encoding: 'br' | 'gzip',
  brotliQuality: number = BROTLI_QUALITY.best,
): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      })
    : gzipSync(identity, { level: 6 });
}

/** A strong ETag of a body. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** The store (see the module comment). */
export class PageStore {
  readonly #entries = new Map<string, PageEntry>();
  readonly #byTag = new Map<string, Set<string>>();
  /** When each tag was last invalidated (a counter, not a clock). */
  readonly #invalidatedAt = new Map<string, number>();
  #clock = 0;
  /** The clock when the marks were last cleared: fills that started before it are not stored. */
  #clearedAt = 0;
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** A moment to compare with later invalidations (take it before a fill starts). */
  now(): number {
    return this.#clock;
  }

  get(key: string): PageEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /** Stores `entry` unless one of its tags was invalidated after `since` (the fill's start). */
  set(key: string, entry: PageEntry, since: number): boolean {
    if (since < this.#clearedAt) return false;
    if (entry.tags.some((tag) => (this.#invalidatedAt.get(tag) ?? -1) > since)) return false;
    this.delete(key);
    this.#entries.set(key, entry);
    this.#bytes += entry.size;
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag) ?? new Set<string>();
      this.#byTag.set(tag, keys);
      keys.add(key);
    }
    this.#evict();
    return true;
  }

  /**
   * Adds a compressed body to the entry stored at `key` (counted in the budget); answers false when `key` holds
   * another entry or none by now (the body still answers the request that asked for it).
   */
  addBody(key: string, entry: PageEntry, encoding: 'br' | 'gzip', body: Buffer): boolean {
    if (this.#entries.get(key) !== entry) return false;
    if (entry.bodies[encoding]) return true;
    entry.bodies[encoding] = body;
    entry.size += body.length;
    this.#bytes += body.length;
    this.#evict();
    return true;
  }

  /**
   * Puts `body` in place of the entry's body in `encoding` (the same content, compressed better), counted in the
   * budget; false when `key` holds another entry or none by now.
   */
  replaceBody(key: string, entry: PageEntry, encoding: 'br' | 'gzip', body: Buffer): boolean {
    const old = entry.bodies[encoding];
    if (this.#entries.get(key) !== entry || !old) return false;
    entry.bodies[encoding] = body;
    entry.size += body.length - old.length;
    this.#bytes += body.length - old.length;
    return true;
  }

  #evict(): void {
    while (this.#bytes > this.maxBytes && this.#entries.size > 1) {
      const oldest = this.#entries.keys().next().value as string;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }

  /** Drops every entry carrying one of `tags`, and remembers the moment for fills still running. */
  invalidateTags(tags: readonly string[]): number {
    this.#clock += 1;
    let dropped = 0;
    for (const tag of tags) {
      this.#invalidatedAt.set(tag, this.#clock);
      for (const key of [...(this.#byTag.get(tag) ?? [])]) {
        this.delete(key);
        dropped += 1;
      }
    }
    // Old marks are only needed while a fill that began before them runs (seconds): keep the map small.
    if (this.#invalidatedAt.size > 50_000) {
      this.#invalidatedAt.clear();
      this.#clearedAt = this.#clock;
    }
    return dropped;
  }

  /** Drops the entries whose key names `path` (any query, encoding or variant). */
  invalidatePath(path: string): number {
    let dropped = 0;
    for (const key of [...this.#entries.keys()]) {
      const target = key.split('\0')[0] ?? '';
      if (target.slice(target.indexOf('/')).split('?')[0] === path) {
        this.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
