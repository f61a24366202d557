/**
 * `npm start` outside local chains: on an empty data folder with `CHAIN_ENV=production` it seeds no demo data,
 * so the demo admin's public password signs nobody in. Runs the real launcher (`scripts/start.mjs`, without
 * its build step: `npm test` has built already).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_ADMIN } from '../../src/dev/seed/accounts.ts';
import { ApiClient } from '../helpers/api.ts';
import { exited, killGroup, trackGroup, waitForExit } from '../helpers/processGroups.ts';
import { freePort } from '../helpers/server.ts';

let url = '';
let dataDir = '';
let output = '';
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kirafuda-production-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      CHAIN_ENV: 'production',
      // The empty data folder is the database, also in the PostgreSQL pass (which sets DATABASE_URL).
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_SITE_URL: url,
      INDEXER: 'off',
      SEED_DEMO: '',
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      output = (output + chunk).slice(-20_000);
    });
  }
  const pid = child.pid ?? 0;
  const release = trackGroup(pid);
  stop = async () => {
    if (!release()) return;
    killGroup(pid, 'SIGTERM');
    if (!(await waitForExit(child, 5_000))) killGroup(pid, 'SIGKILL');
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited(child)) {
    const up = await fetch(`${url}/robots.txt`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`npm start did not answer:\n${output}`);
}, 90_000);

afterAll(async () => {
  await stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('with CHAIN_ENV=production an empty data folder gets no demo data: the demo admin cannot sign in', async () => {
  const client = new ApiClient(url);
  const signIn = await client.post('/api/v1/admin_session', { uid: DEMO_ADMIN.uid, password: DEMO_ADMIN.password });
  expect(signIn.status).toBe(401);
  expect(signIn.body).toEqual({ message: 'The ID or password is incorrect' });
  const catalogue = await client.get<{ total: number }>('/api/v1/cards');
  expect(catalogue.body.total).toBe(0);
  expect(output).toContain('CHAIN_ENV=production: no demo data is seeded');
});
