/**
 * Names the statements a pool's connections run often, so that each connection parses and analyses a
 * statement once and then only binds and executes it (node-postgres keeps a named statement per connection
 * and skips its Parse the next time; PostgreSQL keeps the parsed statement and, after five runs, may keep
 * a generic plan). drizzle names only the queries we `.prepare()`; every other query was parsed again on
 * each run. A crawl of token pages (embedded database, 20,000 cards, 32 connections): 21.6–23.9 -> 14.2–16.7
 * ms of CPU a page (three pairs of 10 s runs, measured as `bench/crawl.mjs` measures CPU).
 *
 * A statement is named the second time a connection runs its text (a one-off never takes a name), up to
 * `limit` names a connection (they hold memory in the database session); past that, statements run unnamed
 * as before. Only plain reads and writes are named (select, insert, update, delete, with): never schema
 * changes, transaction control or settings. Names are unique across the pool's connections, since the
 * embedded database's connections share one session.
 */
import type pg from 'pg';

/** Statements worth keeping parsed: plain reads and writes (after leading spaces or an opening bracket). */
const NAMEABLE = /^[\s(]*(?:select|insert|update|delete|with)\b/i;

/** Texts counted per connection before the count starts over (names already given stay). */
const SEEN_LIMIT = 4_096;

type QueryConfig = { text?: unknown; name?: unknown };

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
      if (known || names.size >= limit || !NAMEABLE.test(text)) return known;
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
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest) => {
      if (config && typeof config === 'object' && !(config as QueryConfig).name) {
        const { text } = config as QueryConfig;
        const name = typeof text === 'string' ? nameOf(text) : undefined;
        if (name) return query({ ...config, name }, ...rest);
      }
      return query(config, ...rest);
    };
  });
}
