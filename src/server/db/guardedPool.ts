/**
 * A database handle whose every transaction, and every write outside one, first runs a guard on its own
 * connection inside its transaction, before anything else it does: the leader's fence (../jobs/leaderFence.server.ts)
 * checks there that the lease the write was begun under is still the current one, and holds that lease's row
 * (`FOR SHARE`) until the transaction ends. A write outside a transaction (`insert`, `update`, `delete`, `with`) is
 * run in one of its own so that it is guarded too; reads outside transactions run as they are.
 *
 * It wraps the node-postgres pool under drizzle (PostgreSQL, and the server's embedded database), so whatever a
 * caller writes through the handle is guarded, with no change to the code that writes. A PGlite opened in-process
 * (tests, scripts) is one process with nobody to fence off: such a handle is given back as it is.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import type { Database, DatabaseHandle } from './types.ts';

/** Runs a statement on the guarded transaction's connection. */
export type GuardQuery = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
/** Checks whatever must hold for the transaction to go on; throws (and the transaction is rolled back) if not. */
export type Guard = (query: GuardQuery) => Promise<void>;

/** Statements that may write, outside a transaction (`with` may be a read: it is guarded all the same). */
const WRITES = /^[\s(]*(?:insert|update|delete|merge|with|truncate)\b/i;
const BEGINS = /^\s*(?:begin|start\s+transaction)\b/i;
/** What ends a transaction (not `rollback to savepoint`, which ends a nested one). */
const ENDS = /^\s*(?:commit|end|abort|rollback)\b(?!\s+(?:transaction\s+|work\s+)?to\b)/i;

type QueryConfig = string | { text: string };
const textOf = (config: QueryConfig) => (typeof config === 'string' ? config : config.text);

/** A checked-out connection that runs the guard before the first statement of each transaction begun on it. */
function guardedClient(client: pg.PoolClient, guard: Guard) {
  let begun = false;
  const run = (config: QueryConfig, values?: unknown[]) =>
    client.query(config as string, values) as Promise<{ rows: Record<string, unknown>[] }>;
  return {
    query: async (config: QueryConfig, values?: unknown[]) => {
      const text = textOf(config);
      if (BEGINS.test(text)) {
        const result = await run(config, values);
        begun = true;
        return result;
      }
      if (begun) {
        begun = false;
        // As a query config, so that the connection keeps the guard's statement parsed (./statementNames.ts).
        if (!ENDS.test(text)) await guard((guardText, guardValues) => run({ text: guardText }, guardValues));
      }
      return run(config, values);
    },
    release: (error?: Error | boolean) => client.release(error),
  };
}

/** What drizzle is given instead of the pool: the same pool, guarded (see the module comment). */
class GuardedPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly guard: Guard,
  ) {}

  async connect() {
    return guardedClient(await this.pool.connect(), this.guard);
  }

  async query(config: QueryConfig, values?: unknown[]) {
    if (!WRITES.test(textOf(config))) return this.pool.query(config as string, values);
    const client = await this.connect();
    try {
      await client.query('begin');
      const result = await client.query(config, values);
      await client.query('commit');
      client.release();
      return result;
    } catch (error) {
      const rolledBack = await client.query('rollback').then(
        () => true,
        () => false,
      );
      client.release(!rolledBack);
      throw error;
    }
  }
}
// drizzle runs a transaction on a connection of its own when its client is a pool, which it tells by the class
// name; kept whatever a bundler renames.
Object.defineProperty(GuardedPool, 'name', { value: 'GuardedPool' });

/** `handle` with `guard` run first in each of its transactions and writes (see the module comment). */
export function guardedHandle(handle: DatabaseHandle, guard: Guard): DatabaseHandle {
  const client = (handle.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return handle;
  const db: Database = drizzle({ client: new GuardedPool(client, guard) as unknown as pg.Pool, schema });
  return { ...handle, db };
}
