/**
 * Starts the already built production server (`node dist/server/entry.mjs`, Astro's node standalone
 * adapter) on a free loopback port with a fresh temporary DATA_DIR, for e2e tests and benchmarks.
 *
 * Builds nothing: run `astro build` first (`npm test` and `npm run bench` do).
 * Runs under plain Node 24 too (type stripping), so `bench/*.mjs` can import it.
 *
 * @see docs/architecture.md "Tests"
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { exited, killGroup, trackGroup, waitForExit } from './processGroups.ts';

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** Extra environment for the server; wins over the defaults (HOST, PORT, DATA_DIR). */
  env?: Record<string, string>;
  /** Project root holding `dist/`; defaults to the current working directory. */
  root?: string;
  /** How long to wait for `GET /` to answer, in ms (default 30 000). */
  timeoutMs?: number;
  /** Options of `node` itself, before the entry (tests pass {@link SHORT_LIVED_NODE_ARGS}; benches none). */
  nodeArgs?: readonly string[];
}

/**
 * Node options for a process that lives seconds to a minute (a test's server, a test file's worker): V8 compiles
 * WebAssembly with its baseline compiler only. PGlite's postgres.wasm is large, and the optimising compiler's
 * background work on it cost more CPU than it saved in a short life: a server start and five pages used
 * 6.0 s of CPU against 4.1 s (three pairs), four database-heavy unit files 9 % less CPU. Benchmarks and
 * production keep the default (a long-lived server gains from optimised code).
 */
export const SHORT_LIVED_NODE_ARGS = ['--liftoff-only'] as const;

/** A running server: its base URL (no trailing slash) and a `stop()` that kills its process group. */
export interface RunningServer {
  url: string;
  /** The server's process id (also its process group's). */
  pid: number;
  /** The DATA_DIR the server was given (removed by `stop()` when this helper created it). */
  dataDir: string;
  /** What the server wrote to stderr so far (for failure messages). */
  stderr: () => string;
  /**
   * Stops the server: SIGTERM and its graceful shutdown (what a restart test needs), or with `discard` at once
   * by SIGKILL, for a teardown that throws the database away anyway (its graceful close took ~1.5 s a file).
   */
  stop: (options?: { discard?: boolean }) => Promise<void>;
}

/** Finds a free TCP port on 127.0.0.1 by binding port 0 and closing the socket again. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? done(port) : fail(new Error('could not read the bound port'))));
    });
  });
}

/**
 * Starts `node dist/server/entry.mjs` with HOST=127.0.0.1, a free PORT, a temporary DATA_DIR, the chain
 * indexer off (`INDEXER=off`; pass `env: { INDEXER: 'on' }` to test it) and no preloading of modules
 * (`PRELOAD_MODULES=0`), and waits
 * until `GET /` answers with any HTTP status. Rejects with the server's stderr if it exits or does not
 * answer in time.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const root = resolve(options.root ?? process.cwd());
  const entry = join(root, 'dist', 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`astro build\` first`);

  const port = await freePort();
  const ownDataDir = options.env?.DATA_DIR === undefined;
  const dataDir = options.env?.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'kirafuda-data-')));
  const url = `http://127.0.0.1:${port}`;
  let stderr = '';

  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), entry], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    // The chain indexer stays off unless a test asks for it (INDEXER: 'on'): test servers have no chain.
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_SITE_URL: url,
      DATA_DIR: dataDir,
      INDEXER: 'off',
      // Short-lived servers skip loading every module up front (seconds of CPU each); a test may ask for it.
      PRELOAD_MODULES: '0',
      ...options.env,
    },
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn the server process');
  const release = trackGroup(pid);
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });

  const stop = async ({ discard = false } = {}): Promise<void> => {
    if (release()) {
      killGroup(pid, discard ? 'SIGKILL' : 'SIGTERM');
      if (!(await waitForExit(child, discard ? 2_000 : 5_000))) {
        killGroup(pid, 'SIGKILL');
        await waitForExit(child, 2_000);
      }
    }
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (exited(child)) {
      await stop();
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${stderr}`);
    }
    try {
      const response = await fetch(`${url}/`, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer GET / within ${options.timeoutMs ?? 30_000} ms:\n${stderr}`);
    }
    await sleep(200);
  }

  return { url, pid, dataDir, stderr: () => stderr, stop };
}
