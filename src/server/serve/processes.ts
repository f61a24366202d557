/**
 * Several server processes on one machine (`SERVER_PROCESSES`: a number, or `auto` for one per core): the
 * program started becomes a supervisor that forks that many servers (`node:cluster`), each a whole server
 * (its own page cache, jobs and change listener; the leader lock keeps the indexer's jobs in one). Each listens
 * on the same port with `SO_REUSEPORT`, so the kernel spreads connections and the supervisor carries no
 * traffic. A server that dies is started again (after a pause if it keeps dying); SIGINT/SIGTERM stop them all.
 * Only with PostgreSQL: the embedded database is one process's (more is refused with a warning, and one runs).
 *
 * @see ../../../docs/operations.md (scaling)
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Settings } from '../settings/schema';

/**
 * How many server processes `settings` ask for (1 unless `SERVER_PROCESSES` says more and PostgreSQL is used).
 * Asked more on the embedded database, it tells `warn` why one runs (the program starting them passes
 * `console.warn`; other readers, such as the page cache's defaults, stay quiet so the warning shows once).
 */
export function serverProcesses(
  settings: Pick<Settings, 'SERVER_PROCESSES' | 'DATABASE_URL'>,
  warn: (message: string) => void = () => {},
): number {
  const asked = settings.SERVER_PROCESSES;
  const count = asked === 'auto' ? availableParallelism() : asked;
  if (count > 1 && !settings.DATABASE_URL) {
    warn('[server] SERVER_PROCESSES needs PostgreSQL (DATABASE_URL): the embedded database runs one process');
    return 1;
  }
  return count;
}

/** Whether this process is a server forked by the supervisor (it listens with SO_REUSEPORT). */
export function isForkedServer(): boolean {
  return cluster.isWorker;
}

/** Runs the supervisor of `count` servers (see the module comment); resolves when they all stopped. */
export async function superviseServers(count: number): Promise<void> {
  let stopping = false;
  const restarts: number[] = [];
  const start = () => cluster.fork({ KIRAFUDA_SERVER_PROCESS: '1' });
  for (let i = 0; i < count; i++) start();
  console.log(`[server] ${count} server processes`);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`[server] process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    const now = Date.now();
    restarts.push(now);
    while ((restarts[0] ?? now) < now - 60_000) restarts.shift();
    // Dying over and over (a bad configuration): wait a little longer each time rather than spin.
    setTimeout(start, Math.min(30_000, 200 * 2 ** Math.max(0, restarts.length - 3)));
  });
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) return resolve();
      let left = workers.length;
      for (const worker of workers) {
        worker?.once('exit', () => {
          left -= 1;
          if (left === 0) resolve();
        });
        worker?.process.kill(signal);
      }
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}
