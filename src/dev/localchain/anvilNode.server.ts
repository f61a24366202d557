/**
 * One anvil node of the local chain: started on a fixed loopback port with a chain id, its state kept in a
 * file (loaded at start, written every few seconds and on exit), so a restarted `npm start` finds its
 * contracts, cards and listings again. A pid file lets the next start end a node that an abruptly killed
 * launcher left behind.
 *
 * @see https://getfoundry.sh/anvil (--state, --state-interval)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

import { anvilBinaryPath } from './anvilBinary.server';

/** Options of {@link startAnvilNode}. */
export interface AnvilNodeOptions {
  chainId: number;
  port: number;
  /** File anvil loads its state from (when present) and writes it to. */
  stateFile: string;
  /** File holding the node's process id while it runs. */
  pidFile: string;
  /** Funded development accounts (default 20: every demo wallet has coin). */
  accounts?: number;
  /** Seconds between state writes besides the one on exit (default 5). */
  stateIntervalSeconds?: number;
  /** Project root holding node_modules (default the working directory). */
  root?: string;
  /** How long to wait for the RPC to answer, in ms (default 20 000). */
  timeoutMs?: number;
}

/** A running node. */
export interface AnvilNode {
  rpcUrl: string;
  chainId: number;
  pid: number;
  /** Stops the node with SIGTERM (it writes its state file), SIGKILL after 10 s; safe to call twice. */
  stop: () => Promise<void>;
  /** Sends SIGTERM without waiting (for a process `exit` hook, which cannot wait). */
  signalStop: () => void;
}

/** The chain id the node at `rpcUrl` reports, or undefined when nothing answers. */
export async function rpcChainId(rpcUrl: string, timeoutMs = 1_000): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json()) as { result?: string };
    return body.result === undefined ? undefined : Number(body.result);
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` is an anvil process (Linux: its command line; elsewhere: trusted from our pid file). */
function isAnvil(pid: number): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  if (process.platform !== 'linux') return alive(pid);
  try {
    return existsSync(cmdline) && readFileSync(cmdline, 'utf8').includes('anvil');
  } catch {
    return false;
  }
}

/** Ends a node an earlier launcher left running (named by our pid file), letting it write its state. */
async function endLeftover(pidFile: string): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  rmSync(pidFile, { force: true });
  if (!Number.isSafeInteger(pid) || pid <= 1 || !isAnvil(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline) await sleep(50);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

/**
 * Starts anvil on `127.0.0.1:port` with the chain id and state file, and resolves once its RPC answers with
 * that chain id. The node runs in its own process group, so a Ctrl-C in the terminal reaches the launcher,
 * which stops the nodes in order (server first).
 * @throws Error when the port is taken by another program, anvil exits, or it does not answer in time.
 */
export async function startAnvilNode(options: AnvilNodeOptions): Promise<AnvilNode> {
  const { chainId, port, stateFile, pidFile } = options;
  const rpcUrl = `http://127.0.0.1:${port}`;
  await endLeftover(pidFile);
  if ((await rpcChainId(rpcUrl, 500)) !== undefined) {
    throw new Error(`port ${port} already answers JSON-RPC: stop that node or choose other ports (LOCAL_CHAIN_PORT)`);
  }
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--accounts',
    String(options.accounts ?? 20),
    '--state',
    stateFile,
    '--state-interval',
    String(options.stateIntervalSeconds ?? 5),
    '--silent',
  ];
  const child = spawn(anvilBinaryPath(options.root), args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-10_000);
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn anvil');
  writeFileSync(pidFile, String(pid));

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        if (!(await waitForExit(child, 10_000))) {
          child.kill('SIGKILL');
          await waitForExit(child, 2_000);
        }
      }
      rmSync(pidFile, { force: true });
    })();
    return stopping;
  };
  const signalStop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };

  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      rmSync(pidFile, { force: true });
      throw new Error(`anvil (chain ${chainId}) exited before answering:\n${stderr}`);
    }
    const answered = await rpcChainId(rpcUrl);
    if (answered === chainId) break;
    if (answered !== undefined || Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer as chain ${chainId} on ${rpcUrl} (got ${answered}):\n${stderr}`);
    }
    await sleep(50);
  }
  return { rpcUrl, chainId, pid, stop, signalStop };
}
