import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { diskMediaStore, type MediaStore } from '~/server/mediaStore.server';
import { forgetOgMemory, tokenOgImage } from './ogCache.server';
import type { TokenOgInput } from './ogImage.server';

let dir: string;
let store: MediaStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'og-cache-'));
  store = diskMediaStore(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const input: TokenOgInput = {
  site: 'Kirafuda',
  name: '春の灯',
  subtitle: 'Series · Mio',
  price: '0.05 ETH',
  footnote: 'Ethereum · #1',
  image: null,
};

describe('tokenOgImage', () => {
  test('draws a card once; later requests, in this process or after a restart, reuse it; a changed card is drawn anew', async () => {
    let draws = 0;
    const render = async (value: TokenOgInput) => {
      draws += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Buffer.from(`png of ${value.name} at ${value.price}`);
    };
    const [first, concurrent] = await Promise.all([
      tokenOgImage(input, { store, render }),
      tokenOgImage(input, { store, render }),
    ]);
    expect(draws).toBe(1);
    // One of the two asked at once drew it (whichever got there first); the other waited for that drawing.
    expect([first.drawn, concurrent.drawn].filter(Boolean)).toHaveLength(1);
    expect(concurrent.png.equals(first.png)).toBe(true);
    expect((await tokenOgImage(input, { store, render })).drawn).toBe(false);
    forgetOgMemory();
    const fromDisk = await tokenOgImage(input, { store, render });
    expect(fromDisk).toMatchObject({ drawn: false, key: first.key });
    expect(draws).toBe(1);
    const repriced = await tokenOgImage({ ...input, price: '0.04 ETH' }, { store, render });
    expect(repriced.drawn).toBe(true);
    expect(repriced.key).not.toBe(first.key);
    expect(draws).toBe(2);
    expect((await readdir(join(dir, 'og'))).filter((name) => name.endsWith('.png'))).toHaveLength(2);
    expect(fromDisk.etag).toBe(first.etag);
    expect(repriced.etag).not.toBe(first.etag);
  });
});
