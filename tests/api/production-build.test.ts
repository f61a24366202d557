/**
 * The built server runs as production however it is started: with `NODE_ENV` unset (as `node
 * dist/server/entry.mjs` and the docs' deployment start it) no development build of React, or of any other
 * library, is loaded while it renders pages with islands and loads every other module of the build. The server
 * runs with a preload that lists every module it runs (../helpers/recordLoads.mjs).
 */
import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../helpers/server.ts';

let folder = '';
let server: RunningServer | undefined;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'kirafuda-loads-'));
  const preload = pathToFileURL(resolve('tests/helpers/recordLoads.mjs')).href;
  server = await startServer({
    env: {
      // Engine-independent: the embedded database, also in the PostgreSQL pass.
      DATABASE_URL: '',
      NODE_ENV: '',
      NODE_OPTIONS: `--import=${preload}`,
      RECORD_LOADS_FILE: join(folder, 'loads.txt'),
      SEED_DEMO: '0',
      // Every module of the build loads, not only those these pages need.
      PRELOAD_MODULES: '1',
    },
    timeoutMs: 80_000,
  });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

test('pages with React islands render without a development build of any library', async () => {
  const base = server?.url ?? '';
  for (const path of ['/', '/market', '/session', '/cart', '/contact', '/en/market']) {
    const response = await fetch(new URL(path, base));
    await response.arrayBuffer();
    expect(response.status, path).toBe(200);
  }
  // Once the server has loaded every module of the build (in the background, after it listened).
  const chunks = readdirSync(resolve('dist/server/chunks')).filter((name) => name.endsWith('.mjs'));
  let loaded: string[] = [];
  for (let attempt = 0; attempt < 600; attempt++) {
    loaded = (await readFile(join(folder, 'loads.txt'), 'utf8')).split('\n').filter(Boolean);
    const names = new Set(loaded.map((file) => file.split('/').at(-1)));
    if (chunks.every((name) => names.has(name))) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(chunks.filter((name) => !loaded.some((file) => file.endsWith(`/${name}`)))).toEqual([]);
  // React did render (the list is of what ran, not of what was merely read).
  expect(loaded.some((file) => /react-dom-server\.node\.production\.js$/.test(file))).toBe(true);
  expect(loaded.filter((file) => /[./-]development\.[cm]?js$/.test(file))).toEqual([]);
});
