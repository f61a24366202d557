import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forgetOgMemory, tokenOgImage } from './ogCache.server';
import type { TokenOgInput } from './ogImage.server';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'og-cache-'));
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
      tokenOgImage(input, { dir, render }),
      tokenOgImage(input, { dir, render }),
    ]);
    expect(draws).toBe(1);
    expect(first.drawn).toBe(true);
    expect(concurrent.png.equals(first.png)).toBe(true);
    expect((await tokenOgImage(input, { dir, render })).drawn).toBe(false);
    forgetOgMemory();
    const fromDisk = await tokenOgImage(input, { dir, render });
    expect(fromDisk).toMatchObject({ drawn: false, key: first.key });
    expect(draws).toBe(1);
    const repriced = await tokenOgImage({ ...input, price: '0.04 ETH' }, { dir, render });
    expect(repriced.drawn).toBe(true);
    expect(repriced.key).not.toBe(first.key);
    expect(draws).toBe(2);
    expect((await readdir(dir)).filter((name) => name.endsWith('.png'))).toHaveLength(2);
  });
});
