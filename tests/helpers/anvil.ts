/**
 * Starts a local chain for contract and trading tests: anvil from `@foundry-rs/anvil`
 * (`node_modules/.bin/anvil`) on a free loopback port with the given chain id, waits until its JSON-RPC
 * answers `eth_chainId`, and gives back its URL and a `stop()` that kills it by process group id.
 * If the test process dies without stopping it, a watchdog ends the node (and an exit hook does too).
 *
 * The chain starts empty apart from anvil's ten funded development accounts (10 000 ETH each, the
 * well-known `test test ... junk` mnemonic); deploy contracts with `deployLocal`.
 *
 * @see docs/architecture.md "Tests"
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { exited, killGroup, trackGroup, waitForExit } from './processGroups';
import { freePort } from './server';

/** Options of {@link startAnvil}. */
export interface StartAnvilOptions {
  /** Chain id the node reports and signs for (default 31337, anvil's own). */
  chainId?: number;
  /** EVM hardfork name (anvil's `--hardfork`); anvil's latest when absent. */
  hardfork?: string;
  /** Project root holding `node_modules/.bin/anvil`; defaults to the current working directory. */
  root?: string;
  /** How long to wait for the RPC to answer, in ms (default 15 000). */
  timeoutMs?: number;
}

/** A running anvil. */
export interface RunningAnvil {
  /** `http://127.0.0.1:<port>` */
  rpcUrl: string;
  chainId: number;
  /** What anvil wrote to stderr so far (for failure messages). */
  stderr: () => string;
  /** Kills the node (SIGTERM, then SIGKILL after 3 s) and resolves once its port stops answering; safe to call twice. */
  stop: () => Promise<void>;
}

/** Asks the node for its chain id; undefined while it does not answer yet. */
async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result === undefined ? undefined : Number(body.result);
  } catch {
    return undefined;
  }
}

/** The latest block's gas limit, or undefined when nothing answers. */
async function rpcGasLimit(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] }),
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await response.json()) as { result?: { gasLimit?: string } };
    return body.result?.gasLimit === undefined ? undefined : Number(body.result.gasLimit);
  } catch {
    return undefined;
  }
}

async function startOnce(options: StartAnvilOptions, chainId: number): Promise<RunningAnvil> {
  const root = resolve(options.root ?? process.cwd());
  const bin = join(root, 'node_modules', '.bin', 'anvil');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: install the project's packages`);
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  // A block gas limit of our own marks this node: when another test file's anvil won the race for the
  // port, its RPC answers with the same chain id but not with this gas limit, and we retry elsewhere.
  const marker = 30_000_000 + Math.floor(Math.random() * 1_000_000);
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--gas-limit',
    String(marker),
  ];
  if (options.hardfork) args.push('--hardfork', options.hardfork);
  let stderr = '';

  // The .bin entry is a Node script that spawns the platform binary; it runs under this Node (the machine's
  // may be older). A shell watchdog holds a pipe from this process: when this process dies without calling
  // stop() (a test worker killed at the end of a run runs no exit hook), the pipe closes, `read` returns and
  // the shell ends anvil. All three share one process group, so stop() ends them with one group kill.
  const watchdog = '"$@" & child=$!; read -r _ || true; kill "$child" 2>/dev/null; wait "$child"';
  const child = spawn('/bin/sh', ['-c', watchdog, 'anvil-watchdog', process.execPath, bin, ...args], {
    cwd: root,
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { ...process.env, TARGET_TOOL: 'anvil' },
  });
  child.stdin?.on('error', () => {
    // the watchdog is gone already
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn anvil');
  const release = trackGroup(pid);
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });

  // The group leader (the watchdog shell) exits at once on SIGTERM while the wrapper forwards the signal to
  // anvil, so "stopped" means the port no longer answers, not that the leader exited.
  const stop = async (): Promise<void> => {
    if (!release()) return;
    for (const [signal, ms] of [
      ['SIGTERM', 3_000],
      ['SIGKILL', 2_000],
    ] as const) {
      killGroup(pid, signal);
      await waitForExit(child, ms);
      const deadline = Date.now() + ms;
      while (Date.now() < deadline && (await rpcChainId(rpcUrl)) !== undefined) await sleep(25);
      if ((await rpcChainId(rpcUrl)) === undefined) return;
    }
  };

  const timeoutMs = options.timeoutMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited(child)) {
      await stop();
      throw new Error(`anvil exited (${child.exitCode ?? child.signalCode}) before answering:\n${stderr}`);
    }
    const answered = await rpcChainId(rpcUrl);
    if (answered === chainId) {
      if ((await rpcGasLimit(rpcUrl)) === marker) break;
      await stop();
      throw new Error(`address already in use: another node answers on ${rpcUrl}`);
    }
    if (answered !== undefined) {
      await stop();
      throw new Error(`the node on ${rpcUrl} reports chain id ${answered}, not ${chainId}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer on ${rpcUrl} within ${timeoutMs} ms:\n${stderr}`);
    }
    await sleep(50);
  }
  return { rpcUrl, chainId, stderr: () => stderr, stop };
}

/**
 * Starts anvil on a free 127.0.0.1 port with `--chain-id` and resolves once its RPC answers with that chain
 * id. Retries twice when the port was taken between probing and binding.
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<RunningAnvil> {
  const chainId = options.chainId ?? 31_337;
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(options, chainId);
    } catch (error) {
      lastError = error;
      if (!(error instanceof Error && /address already in use|os error 98/i.test(error.message))) throw error;
    }
  }
  throw lastError;
}
