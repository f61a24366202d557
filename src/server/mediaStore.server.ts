/**
 * Where stored media live (uploaded images, drawn preview images), so that every server process reads what any
 * one of them stored: in PostgreSQL (table `media`) when the site runs on it, on disk under `DATA_DIR` for the
 * embedded database (one process). A path names one file (`icons/{name}.webp`, `og/{key}.png`); it is written
 * once and never changes, so its ETag is the hash of its bytes and readers may keep it. Reads go through a
 * small in-process memory (a burst of visitors of one page asks the database once).
 *
 * @see ./db/schema/site.ts, ./uploads.server.ts, ../../docs/operations.md
 */
import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, realpath, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { and, desc, eq, like, notInArray } from 'drizzle-orm';
import { getDatabase } from './db/client';
import { media } from './db/schema';
import type { Database } from './db/types';
import type { Settings } from './settings/schema';
import { serverSettings } from './settings/settings.server';

/** A stored file. */
export interface StoredMedia {
  body: Buffer;
  type: string;
  /** A strong ETag: the hash of the bytes. */
  etag: string;
}

/** A place media are kept (see the module comment). */
export interface MediaStore {
  /** Stores `body` at `path` unless something is there already; answers what `path` holds afterwards. */
  put: (path: string, body: Buffer) => Promise<StoredMedia>;
  get: (path: string) => Promise<StoredMedia | null>;
  delete: (path: string) => Promise<void>;
  /** Removes the oldest files under `prefix` past the newest `keep`. */
  prune: (prefix: string, keep: number) => Promise<void>;
}

/** Content types of the files served, by extension; other files are not stored. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** One path segment: letters, digits, `-`, `_`, one inner dot; no `..`, no `/`. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(\.[A-Za-z0-9]{1,8})?$/;

/** The content type of a media path of the allowed form (at most four plain segments, an image extension), or null. */
export function mediaPathType(path: string): string | null {
  const segments = path.split('/');
  if (segments.length === 0 || segments.length > 4 || !segments.every((segment) => SEGMENT.test(segment))) return null;
  const extension = segments.at(-1)?.split('.')[1]?.toLowerCase();
  return (extension === undefined ? undefined : MEDIA_TYPES[extension]) ?? null;
}

function mustType(path: string): string {
  const type = mediaPathType(path);
  if (!type) throw new Error(`not a media path: ${path}`);
  return type;
}

/** The ETag of some bytes. */
export function contentEtag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** The file under `root` a media path names (null when the path is refused). */
export function mediaFile(path: string, root: string): { file: string; type: string } | null {
  const type = mediaPathType(path);
  if (!type) return null;
  const file = resolve(root, ...path.split('/'));
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return { file, type };
}

/** Media as files under `root` (the embedded database's deployment: one process). */
export function diskMediaStore(root: string): MediaStore {
  const read = async (path: string): Promise<StoredMedia | null> => {
    const target = mediaFile(path, root);
    if (!target) return null;
    try {
      const [realRoot, realFile] = await Promise.all([realpath(root), realpath(target.file)]);
      if (!realFile.startsWith(realRoot + sep)) return null;
      if (!(await stat(realFile)).isFile()) return null;
      const body = await readFile(realFile);
      return { body, type: target.type, etag: contentEtag(body) };
    } catch {
      return null;
    }
  };
  return {
    get: read,
    put: async (path, body) => {
      const target = mediaFile(path, root);
      if (!target) throw new Error(`not a media path: ${path}`);
      await mkdir(dirname(target.file), { recursive: true });
      // Written aside, then linked in: a reader never sees half a file, and a file already there stays.
      const temporary = `${target.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, body);
      try {
        await link(temporary, target.file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const existing = await read(path);
        if (existing) return existing;
        throw error;
      } finally {
        await unlink(temporary).catch(() => undefined);
      }
      return { body, type: target.type, etag: contentEtag(body) };
    },
    delete: async (path) => {
      const target = mediaFile(path, root);
      if (target) await unlink(target.file).catch(() => undefined);
    },
    prune: async (prefix, keep) => {
      const folder = join(root, prefix);
      const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => mediaPathType(name));
      if (names.length <= keep) return;
      const dated = await Promise.all(
        names.map(async (name) => ({
          name,
          at: (await stat(join(folder, name)).catch(() => undefined))?.mtimeMs ?? 0,
        })),
      );
      dated.sort((a, b) => b.at - a.at);
      await Promise.all(dated.slice(keep).map(({ name }) => unlink(join(folder, name)).catch(() => undefined)));
    },
  };
}

/**
 * Media in the database (table `media`): every process of a PostgreSQL deployment reads what any stored. A path
 * the table lacks is looked for in `legacy` (files uploaded to a process's disk before media moved here).
 */
export function databaseMediaStore(db: Database, legacy?: MediaStore): MediaStore {
  const toStored = (row: { contentType: string; body: Uint8Array; sha256: string }): StoredMedia => ({
    body: Buffer.isBuffer(row.body) ? row.body : Buffer.from(row.body),
    type: row.contentType,
    etag: `"${row.sha256}"`,
  });
  const read = async (path: string) => {
    const [row] = await db
      .select({ contentType: media.contentType, body: media.body, sha256: media.sha256 })
      .from(media)
      .where(eq(media.path, path));
    return row ? toStored(row) : null;
  };
  return {
    get: async (path) => {
      if (!mediaPathType(path)) return null;
      return (await read(path)) ?? (await legacy?.get(path)) ?? null;
    },
    put: async (path, body) => {
      const type = mustType(path);
      const sha256 = contentEtag(body).slice(1, -1);
      const inserted = await db
        .insert(media)
        .values({ path, contentType: type, body, sha256 })
        .onConflictDoNothing({ target: media.path })
        .returning({ path: media.path });
      if (inserted.length > 0) return { body, type, etag: `"${sha256}"` };
      const existing = await read(path);
      if (!existing) throw new Error(`media ${path} vanished while it was stored`);
      return existing;
    },
    delete: async (path) => {
      await db.delete(media).where(eq(media.path, path));
      await legacy?.delete(path);
    },
    prune: async (prefix, keep) => {
      const newest = db
        .select({ path: media.path })
        .from(media)
        .where(like(media.path, `${prefix}/%`))
        .orderBy(desc(media.createdAt))
        .limit(keep);
      await db.delete(media).where(and(like(media.path, `${prefix}/%`), notInArray(media.path, newest)));
    },
  };
}

/**
 * `store` with the files it answered kept in memory (up to `maxBytes`, each for `ttlMs`: a file deleted through
 * another process is forgotten here by then).
 */
export function rememberingMediaStore(store: MediaStore, maxBytes = 32 * 1024 * 1024, ttlMs = 600_000): MediaStore {
  const kept = new Map<string, { media: StoredMedia; at: number }>();
  let bytes = 0;
  const forget = (path: string) => {
    const entry = kept.get(path);
    if (!entry) return;
    kept.delete(path);
    bytes -= entry.media.body.length;
  };
  const keep = (path: string, media: StoredMedia) => {
    forget(path);
    if (media.body.length > maxBytes / 8) return;
    kept.set(path, { media, at: Date.now() });
    bytes += media.body.length;
    while (bytes > maxBytes) forget(kept.keys().next().value as string);
  };
  return {
    get: async (path) => {
      const entry = kept.get(path);
      if (entry && Date.now() - entry.at < ttlMs) {
        kept.delete(path);
        kept.set(path, entry);
        return entry.media;
      }
      const found = await store.get(path);
      if (found) keep(path, found);
      else forget(path);
      return found;
    },
    put: async (path, body) => {
      const stored = await store.put(path, body);
      keep(path, stored);
      return stored;
    },
    delete: async (path) => {
      forget(path);
      await store.delete(path);
    },
    prune: (prefix, keepCount) => {
      for (const path of [...kept.keys()]) if (path.startsWith(`${prefix}/`)) forget(path);
      return store.prune(prefix, keepCount);
    },
  };
}

/** Root folder of uploads on disk: `DATA_DIR/uploads` (`./data/uploads` by default). */
export function uploadsRoot(settings: Pick<Settings, 'DATA_DIR'>): string {
  return resolve(settings.DATA_DIR, 'uploads');
}

/** Root folder of drawn images on disk: `DATA_DIR/cache` (preview images under `og/`). */
export function drawnRoot(settings: Pick<Settings, 'DATA_DIR'>): string {
  return resolve(settings.DATA_DIR, 'cache');
}

const STORES = Symbol.for('kirafuda.mediaStores');
type Registry = { [STORES]?: Promise<{ uploads: MediaStore; drawn: MediaStore }> };

/** The process's stores: uploads and drawn images, in the database on PostgreSQL, else on disk. */
function processStores(): Promise<{ uploads: MediaStore; drawn: MediaStore }> {
  const registry = globalThis as Registry;
  const settings = serverSettings();
  registry[STORES] ??= getDatabase().then((handle) => {
    if (handle.kind !== 'postgres')
      return {
        uploads: rememberingMediaStore(diskMediaStore(uploadsRoot(settings))),
        drawn: diskMediaStore(drawnRoot(settings)),
      };
    const shared = databaseMediaStore(handle.db, diskMediaStore(uploadsRoot(settings)));
    return { uploads: rememberingMediaStore(shared), drawn: databaseMediaStore(handle.db) };
  });
  return registry[STORES];
}

/** Where this process keeps uploaded images (see the module comment). */
export async function uploadStore(): Promise<MediaStore> {
  return (await processStores()).uploads;
}

/** Where this process keeps drawn images (preview images: a cache, pruned). */
export async function drawnStore(): Promise<MediaStore> {
  return (await processStores()).drawn;
}
