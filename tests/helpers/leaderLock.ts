/**
 * Watching the leader lock from a test (tests/postgres): which server processes hold it and which wait for it, read
 * from `pg_locks` by the lock connections' names (`kirafuda-leader-lock:{pid}`), and a poll that answers the value
 * it waited for.
 */
import type pg from 'pg';

/** The pids of the server processes holding (granted) and waiting for the leader lock. */
export async function lockState(watcher: pg.Client): Promise<{ holders: number[]; waiting: number[] }> {
  const { rows } = await watcher.query<{ name: string; granted: boolean }>(
    `select a.application_name as name, l.granted from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and a.datname = current_database()
       and a.application_name like 'kirafuda-leader-lock:%'`,
  );
  const pid = (name: string) => Number(name.split(':')[1]);
  return {
    holders: rows.filter((row) => row.granted).map((row) => pid(row.name)),
    waiting: rows.filter((row) => !row.granted).map((row) => pid(row.name)),
  };
}

/** Reads until `done` holds, every 100 ms; answers the value; throws naming `what` after `ms`. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms: number,
  what: string,
): Promise<T> {
  const since = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - since > ms) throw new Error(`${what} within ${ms} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
