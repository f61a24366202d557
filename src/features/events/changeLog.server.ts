/**
 * Writing announced changes down: when each cache tag last changed (table `page_changes`, the sitemaps'
 * `lastmod`), and, on PostgreSQL, the change log (table `change_log`) with a `NOTIFY` carrying its id, its
 * origin and, when they fit, its tags, in one statement through the pool (never through the listening
 * connection, so a listener reconnecting loses nothing). A write that fails (the database away) is kept and
 * tried again, merged with any later ones, until it succeeds.
 *
 * @see ./publish.server.ts, ./changeListener.server.ts, ../../server/db/schema/site.ts
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '~/server/db/types';
import { CHANGES_CHANNEL, type ChangeRecorder } from './publish.server';
import { tagsOf } from './tags';

/** This process in the change log: its own listener skips what it announced (it applied it already). */
export const PROCESS_ORIGIN = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** Largest NOTIFY payload sent (PostgreSQL allows just under 8000 bytes); longer changes send their id only. */
const MAX_PAYLOAD = 7_000;
/** Tags kept while the database is away; past this, a retry announces every catalogue page instead. */
const MAX_PENDING_TAGS = 20_000;
/** Tags every catalogue page carries one of: what a change too large to keep announces instead. */
export const EVERY_PAGE_TAGS = tagsOf({ lists: true, allCards: true });
/** Changes are kept in the log this long: far longer than any reconnect. */
export const CHANGE_LOG_KEEP = '1 hour';

/** What a NOTIFY of the change channel carries. */
export interface ChangeNote {
  id: number;
  origin: string;
  /** The change's tags, or null when they did not fit (read them from the log by id). */
  tags: string[] | null;
}

/** The note of a NOTIFY payload, or null when it is not one of ours. */
export function parseChangeNote(payload: string | undefined): ChangeNote | null {
  if (!payload) return null;
  try {
    const note = JSON.parse(payload) as Partial<ChangeNote>;
    if (typeof note.id !== 'number' || typeof note.origin !== 'string') return null;
    const tags = Array.isArray(note.tags) ? note.tags.filter((tag): tag is string => typeof tag === 'string') : null;
    return { id: note.id, origin: note.origin, tags };
  } catch {
    return null;
  }
}

/** Writes one change down (see the module comment). */
export async function writeChange(
  handle: DatabaseHandle,
  tags: readonly string[],
  origin = PROCESS_ORIGIN,
): Promise<void> {
  // In one order, so two changes naming the same tags never wait on each other's rows crosswise.
  const dated = JSON.stringify([...new Set(tags.filter((name) => !name.startsWith('sitemap')))].sort());
  const marked = sql`insert into page_changes (tag, changed_at)
    select tag, now() from jsonb_array_elements_text(${dated}::jsonb) as tag order by tag
    on conflict (tag) do update set changed_at = excluded.changed_at`;
  if (handle.kind !== 'postgres') {
    await handle.db.execute(marked);
    return;
  }
  const all = JSON.stringify(tags);
  const inline = Buffer.byteLength(all) < MAX_PAYLOAD - 200 ? all : null;
  await handle.db.execute(sql`with logged as (
      insert into change_log (origin, tags)
      values (${origin}, array(select jsonb_array_elements_text(${all}::jsonb)))
      returning id
    ), marked as (${marked})
    select pg_notify(${CHANGES_CHANNEL}, json_build_object('id', id, 'origin', ${origin}::text, 'tags', ${inline}::json)::text)
    from logged`);
}

/** Deletes the log's changes older than {@link CHANGE_LOG_KEEP} (a job of the leading process). */
export async function pruneChangeLog(handle: DatabaseHandle): Promise<void> {
  if (handle.kind !== 'postgres') return;
  await handle.db.execute(sql`delete from change_log where created_at < now() - ${CHANGE_LOG_KEEP}::interval`);
}

/** A recorder for {@link setChangeRecorder}, and how to stop it (one last try of what is kept). */
export interface RunningRecorder {
  record: ChangeRecorder;
  /** Tags waiting for the database. */
  pending: () => number;
  stop: () => Promise<void>;
}

/** Records changes in `handle`, keeping and retrying what fails (see the module comment). */
export function changeRecorder(
  handle: DatabaseHandle,
  options: { write?: typeof writeChange; retryMs?: number; log?: (message: string) => void } = {},
): RunningRecorder {
  const write = options.write ?? writeChange;
  const log = options.log ?? ((message: string) => console.error(message));
  const pending = new Set<string>();
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const keep = (tags: readonly string[]) => {
    for (const name of tags) pending.add(name);
    if (pending.size > MAX_PENDING_TAGS) {
      pending.clear();
      for (const name of EVERY_PAGE_TAGS) pending.add(name);
    }
  };
  const retry = async () => {
    timer = undefined;
    if (pending.size === 0) return;
    const tags = [...pending];
    pending.clear();
    try {
      await write(handle, tags);
      if (failures > 0) log('[events] recording changes works again');
      failures = 0;
    } catch (error) {
      keep(tags);
      failures += 1;
      schedule();
      if (failures === 1) log(`[events] recording changes failed; kept to try again: ${String(error)}`);
    }
  };
  const schedule = () => {
    if (timer || stopped) return;
    const wait = Math.min(30_000, (options.retryMs ?? 1_000) * 2 ** Math.min(failures, 5));
    timer = setTimeout(() => void retry(), wait);
    timer.unref?.();
  };
  return {
    record: async (tags) => {
      try {
        await write(handle, tags);
      } catch (error) {
        keep(tags);
        failures += 1;
        schedule();
        if (failures === 1) log(`[events] recording a change failed; kept to try again: ${String(error)}`);
      }
    },
    pending: () => pending.size,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await retry().catch(() => undefined);
    },
  };
}
