/**
 * Names the statements a pool's connections run often, so that each connection parses and analyses a
 * statement once and then only binds and executes it (node-postgres keeps a named statement per connection
 * and skips its Parse the next time; PostgreSQL keeps the parsed statement and, after five runs, may keep
 * a generic plan). drizzle names only the queries we `.prepare()`; every other query was parsed again on
 * each run. A crawl of token pages (embedded database, 20,000 cards, 32 connections): 21.6–23.9 -> 14.2–16.7
 * ms of CPU a page (three pairs of 10 s runs; `npm run bench -- crawl` prints this figure).
 *
 * A statement is named the second time a connection runs its text (a one-off never takes a name), up to
 * `limit` names a connection (they hold memory in the database session); past that, statements run unnamed
 * as before. Only plain reads and writes are named (select, insert, update, delete, with): never schema
 * changes, transaction control or settings. Names are unique across the pool's connections, since the
 * embedded database's connections share one session. When a migration (from this process or another during
 * a rolling start) changes the type of a column a kept statement returns, PostgreSQL refuses to run it again:
 * that statement is dropped and run unnamed (see {@link isStalePlan}), and named afresh later.
 */
import type pg from 'pg';

/** Statements worth keeping parsed: plain reads and writes (after leading spaces or an opening bracket). */
const NAMEABLE = /^[\s(]*(?:select|insert|update|delete|with)\b/i;

/**
 * A comment that, put in a statement's text, has it planned with its values on every run and never kept. A kept
 * statement runs a generic plan after five runs, made for an average value: a statement over one collection's
 * cards is planned for a collection of ten, and with a collection of 10,000 that plan passes every card for each
 * listing (the floor, 0.2 ms planned with its values, took 44 ms generic).
 */
export const PLAN_EACH_RUN = '/* planned each run */';

/**
 * Texts seen once that a connection remembers before it starts over (names already given stay): a statement run
 * often is seen twice long before a thousand others pass, and the memory stays at most a thousand texts (~1 MB)
 * a connection, ten connections a process by default.
 */
const SEEN_LIMIT = 1_024;

type QueryConfig = { text?: unknown; name?: unknown };

/**
 * A kept statement whose result columns changed under it (a migration altered a column it reads): PostgreSQL
 * refuses to run it again. Its text is run unnamed once more, which answers; inside a transaction that error
 * already ended the transaction, and the retry reports so.
 */
function isStalePlan(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

/**
 * Makes every connection `pool` opens name the statements it runs often (see the module comment), at most
 * `limit` a connection; 0 leaves the pool as it is. Call before the pool opens its first connection.
 */
export function nameFrequentStatements(pool: pg.Pool, limit: number): void {
  if (limit <= 0) return;
  let next = 0;
  pool.on('connect', (client) => {
    const names = new Map<string, string>();
    const seen = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const nameOf = (text: string): string | undefined => {
      const known = names.get(text);
      if (known || names.size >= limit || !NAMEABLE.test(text) || text.includes(PLAN_EACH_RUN)) return known;
      if (!seen.has(text)) {
        if (seen.size >= SEEN_LIMIT) seen.clear();
        seen.add(text);
        return undefined;
      }
      seen.delete(text);
      const name = `kf_s${next++}`;
      names.set(text, name);
      return name;
    };
    /** Runs `config` as statement `name`; if the database can no longer run it as kept, drops it and runs it unnamed. */
    const runNamed = (config: QueryConfig, text: string, name: string, rest: unknown[]) => {
      const retry = () => {
        if (names.get(text) === name) {
          names.delete(text);
          (query(`deallocate "${name}"`) as Promise<unknown>).catch(() => undefined);
        }
        return query(config, ...rest);
      };
      // pg-pool passes a callback; drizzle on a single client awaits the promise.
      const callbackAt = rest.findIndex((arg) => typeof arg === 'function');
      if (callbackAt < 0) {
        return (query({ ...config, name }, ...rest) as Promise<unknown>).catch((error: unknown) => {
          if (!isStalePlan(error)) throw error;
          return retry();
        });
      }
      const callback = rest[callbackAt] as (error: unknown, result?: unknown) => void;
      const args = rest.with(callbackAt, (error: unknown, result?: unknown) =>
        isStalePlan(error) ? retry() : callback(error, result),
      );
      return query({ ...config, name }, ...args);
    };
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest) => {
      const text = config && typeof config === 'object' ? (config as QueryConfig).text : undefined;
      const name = typeof text === 'string' && !(config as QueryConfig).name ? nameOf(text) : undefined;
      return name ? runNamed(config as QueryConfig, text as string, name, rest) : query(config, ...rest);
    };
  });
}
