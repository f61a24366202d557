/**
 * A typo in a server setting stops the start, naming the setting, instead of a server that answers and then
 * fails every page (or quietly runs with a default): the built server started as the docs' deployment starts it,
 * and `npm run indexer`. A bad secret is named, never printed.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { SHORT_LIVED_NODE_ARGS, startServer } from '../helpers/server.ts';

/** Starts the built server with `env` over the defaults of the tests; resolves to why it did not start. */
async function refusedStart(env: Record<string, string>): Promise<string> {
  const started = startServer({
    // Engine-independent: the embedded database, also in the PostgreSQL pass.
    env: { DATABASE_URL: '', SEED_DEMO: '0', ...env },
    nodeArgs: SHORT_LIVED_NODE_ARGS,
    timeoutMs: 60_000,
  });
  const error = await started.then(
    async (server) => {
      await server.stop();
      throw new Error('the server started');
    },
    (refused: unknown) => refused,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

test('RENDER_CONCURRENCY of 0 stops the start with its name and the smallest value it takes', async () => {
  expect(await refusedStart({ RENDER_CONCURRENCY: '0' })).toMatch(
    /exited[\s\S]*RENDER_CONCURRENCY must be a whole number from 1/,
  );
}, 90_000);

test('a digest day and an indexer interval that are not numbers stop the start, both named', async () => {
  // Both were read later or not at all: the digest took Monday, the indexer (off here) never looked.
  const message = await refusedStart({ DIGEST_WEEKDAY: 'Funday', INDEXER_POLL_MS: 'abc' });
  expect(message).toMatch(/exited \(1\)/);
  expect(message).toContain('INDEXER_POLL_MS must be a whole number from 0');
  expect(message).toContain('DIGEST_WEEKDAY must be a whole number from 0 to 6');
}, 90_000);

test('a malformed minter key stops the start, named and not printed', async () => {
  const key = `0x${'c0ffee'.repeat(10)}`; // 30 bytes
  const message = await refusedStart({ MINTER_PRIVATE_KEY: key });
  expect(message).toContain('MINTER_PRIVATE_KEY must be 32 bytes of hex');
  expect(message).not.toContain(key);
}, 90_000);

test('npm run indexer stops on a bad setting too, naming it, before it opens the database', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'kirafuda-indexer-settings-'));
  const child = spawn(process.execPath, [join(process.cwd(), 'scripts', 'indexer.mjs')], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, DIGEST_WEEKDAY: 'Funday' },
    stdio: ['ignore', 'ignore', 'pipe'],
    // An indexer that started runs until stopped: killed after this, it fails the test instead of outliving it.
    timeout: 30_000,
    killSignal: 'SIGKILL',
  });
  try {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code).toBe(1);
    expect(stderr).toContain('DIGEST_WEEKDAY must be a whole number from 0 to 6');
    expect(await readdir(dataDir)).toEqual([]);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);
