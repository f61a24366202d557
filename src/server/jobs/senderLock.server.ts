/**
 * One sender at a time per platform account: the platform minter's transactions (card issues from any
 * server process, purchase mints from the minter job) take their nonce from the chain when they are signed, so
 * two signed at once, in one process or in two, would share a nonce and one would fail ("nonce too low").
 *
 * In a process, tasks with one key run one after another. Across processes (PostgreSQL, `DATABASE_URL`) each
 * task also holds a PostgreSQL session advisory lock on the key, on a connection of its own for the task's
 * length (sign, send, wait for the receipt): a process that dies lets go with its connection. On the embedded
 * database there is one process, and the queue is enough.
 *
 * The auction settler signs only in the leader (./runner.ts `needsLock`), so it needs no lock of its own; the
 * minter and the settler must be different accounts (docs/operations.md).
 *
 * @see https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS
 */
import pg from 'pg';
import { serverSettings } from '~/server/settings/settings.server';

const queues = new Map<string, Promise<unknown>>();

/** Options of {@link withSenderLock}. */
export interface SenderLockOptions {
  /** The PostgreSQL URL shared by the processes (default `DATABASE_URL`); none on the embedded database. */
  url?: string | undefined;
  /** The in-process queues (tests give each simulated process its own). */
  queues?: Map<string, Promise<unknown>>;
}

/** Runs `task` holding the sender lock of `key` (see the module comment). */
export function withSenderLock<T>(key: string, task: () => Promise<T>, options: SenderLockOptions = {}): Promise<T> {
  const own = options.queues ?? queues;
  const url = 'url' in options ? options.url : serverSettings().DATABASE_URL;
  const previous = own.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => (url ? acrossProcesses(url, key, task) : task()));
  own.set(key, next);
  // The queue forgets a key once its last task is done (keys are few, but each is a chain and an account).
  void next.then(
    () => own.get(key) === next && own.delete(key),
    () => own.get(key) === next && own.delete(key),
  );
  return next;
}

async function acrossProcesses<T>(url: string, key: string, task: () => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    application_name: `kirafuda-sender-lock:${process.pid}`,
    keepAlive: true,
    connectionTimeoutMillis: 30_000,
  });
  // A connection that breaks during the task is logged by its error event, not thrown at the process.
  client.on('error', (error) => console.error(`[sender lock] ${key}: ${error.message}`));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [`kirafuda-sender:${key}`]);
    return await task();
  } finally {
    await client.end().catch(() => undefined);
  }
}
