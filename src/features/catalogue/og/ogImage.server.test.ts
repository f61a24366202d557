import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publicRoots, readCardImage, renderTokenOgImage } from './ogImage.server';

let dir: string;
let roots: string[];
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#f00"/></svg>';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'og-'));
  roots = [join(dir, 'public'), join(dir, 'dist', 'client')];
  await mkdir(join(dir, 'public', 'images'), { recursive: true });
  await mkdir(join(dir, 'dist', 'client', 'images'), { recursive: true });
  await writeFile(join(dir, 'public', 'images', 'card.svg'), svg);
  await writeFile(join(dir, 'dist', 'client', 'images', 'built.svg'), svg);
  await writeFile(join(dir, 'secret.svg'), svg);
  await symlink(join(dir, 'secret.svg'), join(dir, 'public', 'images', 'link.svg'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readCardImage', () => {
  test('reads a card image from public/, then from the built client folder', async () => {
    expect(await readCardImage('/images/card.svg', roots)).not.toBeNull();
    expect(await readCardImage('/images/built.svg', roots)).not.toBeNull();
  });

  test('refuses remote URLs, other file types, paths leaving the folder and links out of it', async () => {
    expect(await readCardImage('https://example.com/a.svg', roots)).toBeNull();
    expect(await readCardImage('//example.com/a.svg', roots)).toBeNull();
    expect(await readCardImage('/images/card.txt', roots)).toBeNull();
    expect(await readCardImage('/../secret.svg', roots)).toBeNull();
    expect(await readCardImage('/images/%2e%2e/%2e%2e/secret.svg', roots)).toBeNull();
    expect(await readCardImage('/images/link.svg', roots)).toBeNull();
    expect(await readCardImage(null, roots)).toBeNull();
  });

  test('the default folders are public/ and dist/client/ of the working directory', () => {
    expect(publicRoots('/srv/app')).toEqual(['/srv/app/public', '/srv/app/dist/client']);
  });
});

describe('renderTokenOgImage', () => {
  const text = {
    site: 'Kirafuda',
    name: '夜桜の巫女',
    subtitle: '夜桜幻想譚 · 桜井ミオ',
    price: '0.05 ETH',
    footnote: null,
  };

  test('gives a 1200x630 PNG with the card image placed on the left', async () => {
    const png = await renderTokenOgImage({ ...text, image: '/images/card.svg' }, roots);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) =>
      data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3);
    expect([...at(260, 300)]).toEqual([255, 0, 0]);
  });

  test('a token whose image cannot be read still gets an image', async () => {
    const png = await renderTokenOgImage({ ...text, image: '/images/missing.svg' }, roots);
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
  });
});
