import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { diskMediaStore, mediaFile } from './mediaStore.server';
import { deleteMedia, detectImageType, readMedia, storeIcon } from './uploads.server';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kirafuda-uploads-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

describe('detectImageType', () => {
  test('tells PNG, JPEG, WebP and GIF by their first bytes', async () => {
    expect(detectImageType(await image('png'))).toBe('png');
    expect(detectImageType(await image('jpeg'))).toBe('jpeg');
    expect(detectImageType(await image('webp'))).toBe('webp');
    expect(detectImageType(await image('gif'))).toBe('gif');
  });

  test('refuses SVG, HTML, a RIFF that is not WebP, and short input', () => {
    const text = (value: string) => new TextEncoder().encode(value);
    expect(detectImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(text('<!doctype html>'))).toBeNull();
    expect(detectImageType(text('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('mediaFile', () => {
  test('maps plain image paths into the uploads folder', () => {
    expect(mediaFile('icons/abc.webp', root)).toEqual({ file: join(root, 'icons', 'abc.webp'), type: 'image/webp' });
    expect(mediaFile('icons/abc-thumb.PNG', root)?.type).toBe('image/png');
  });

  test.each([
    '../secret.png',
    'icons/../../secret.png',
    '/etc/passwd.png',
    'icons/.hidden.png',
    'icons/a..png',
    'icons\\..\\x.png',
    'icons/page.html',
    'icons/noext',
    '',
    'a/b/c/d/e.png',
  ])('refuses %j', (path) => {
    expect(mediaFile(path, root)).toBeNull();
  });
});

describe('storeIcon', () => {
  test('stores a 256px icon and a 64px thumbnail as WebP, readable through readMedia', async () => {
    const store = diskMediaStore(root);
    const stored = await storeIcon(await image('jpeg', 640, 320), store);
    expect(stored.icon).toMatch(/^\/media\/icons\/[0-9a-f]{32}\.webp$/);
    const icon = await readMedia(stored.icon.replace('/media/', ''), store);
    const thumb = await readMedia(stored.thumb.replace('/media/', ''), store);
    expect(icon?.type).toBe('image/webp');
    const sizes = await Promise.all(
      [icon, thumb].map(async (file) => {
        const meta = await sharp(Buffer.from(file?.body ?? new Uint8Array())).metadata();
        return [meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [256, 256],
      [64, 64],
    ]);
    await deleteMedia(stored.icon, store);
    await deleteMedia(stored.thumb, store);
    expect(await readdir(join(root, 'icons'))).toEqual([]);
  });

  test('refuses other types (415) and undecodable images (422) without writing anything', async () => {
    await expect(storeIcon(new TextEncoder().encode('hello'), diskMediaStore(root))).rejects.toMatchObject({
      status: 415,
    });
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 3]);
    await expect(storeIcon(broken, diskMediaStore(root))).rejects.toMatchObject({ status: 422 });
    expect(await readdir(join(root, 'icons')).catch(() => [])).toEqual([]);
  });
});
