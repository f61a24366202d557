import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase';
import {
  contentEtag,
  databaseMediaStore,
  diskMediaStore,
  type MediaStore,
  mediaPathType,
  rememberingMediaStore,
} from './mediaStore.server';

let root = '';
const database = fileTestDatabase();
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kirafuda-media-'));
}, 60_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const bytes = (text: string) => Buffer.from(text);

describe.each([
  ['on disk', () => diskMediaStore(join(root, 'disk'))],
  ['in the database', () => databaseMediaStore(database.db)],
])('the media store %s', (_where, make: () => MediaStore) => {
  test('answers what was stored, with the hash of its bytes as ETag; a second store at a path keeps the first', async () => {
    const store = make();
    const first = await store.put('og/abc.png', bytes('first drawing'));
    expect(first).toMatchObject({ type: 'image/png', etag: contentEtag(bytes('first drawing')) });
    const second = await store.put('og/abc.png', bytes('second drawing'));
    expect(second.body.toString()).toBe('first drawing');
    expect(second.etag).toBe(first.etag);
    const read = await store.get('og/abc.png');
    expect(read?.body.toString()).toBe('first drawing');
    expect(read?.etag).toBe(first.etag);
    await store.delete('og/abc.png');
    expect(await store.get('og/abc.png')).toBeNull();
  });

  test('refuses paths that are not plain image names', async () => {
    const store = make();
    await expect(store.put('../x.png', bytes('x'))).rejects.toThrow();
    expect(await store.get('../x.png')).toBeNull();
    expect(await store.get('icons/x.html')).toBeNull();
  });

  test('prunes the oldest files under a folder past the newest ones kept', async () => {
    const store = make();
    for (const name of ['a', 'b', 'c', 'd']) {
      await store.put(`og/${name}.png`, bytes(name));
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await store.put('icons/keep.webp', bytes('icon'));
    await store.prune('og', 2);
    const left = await Promise.all(['a', 'b', 'c', 'd'].map((name) => store.get(`og/${name}.png`)));
    expect(left.map((media) => media?.body.toString() ?? null)).toEqual([null, null, 'c', 'd']);
    expect(await store.get('icons/keep.webp')).not.toBeNull();
  });
});

test('the database store serves a file it lacks from the disk it replaced (uploads made before)', async () => {
  const disk = diskMediaStore(join(root, 'legacy'));
  await disk.put('icons/old.webp', bytes('old icon'));
  const store = databaseMediaStore(database.db, disk);
  expect((await store.get('icons/old.webp'))?.body.toString()).toBe('old icon');
});

test('a remembering store answers again from memory, and forgets what it deleted', async () => {
  const folder = join(root, 'remembered');
  const store = rememberingMediaStore(diskMediaStore(folder));
  await store.put('cards/x.webp', bytes('card'));
  await rm(join(folder, 'cards', 'x.webp'));
  expect((await store.get('cards/x.webp'))?.body.toString()).toBe('card');
  await store.delete('cards/x.webp');
  expect(await store.get('cards/x.webp')).toBeNull();
  expect(await readdir(join(folder, 'cards'))).toEqual([]);
});

test('mediaPathType names the type of image paths only', () => {
  expect(mediaPathType('icons/a-thumb.webp')).toBe('image/webp');
  expect(mediaPathType('og/k.png')).toBe('image/png');
  expect(mediaPathType('a/b/c/d/e.png')).toBeNull();
  expect(mediaPathType('icons/.x.png')).toBeNull();
});
