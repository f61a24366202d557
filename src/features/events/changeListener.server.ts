/**
 * Shares changes between the processes of one database. It sets this process's change recorder
 * (./changeLog.server.ts: `lastmod` of the tags, and on PostgreSQL the change log and a `NOTIFY`), and on
 * PostgreSQL listens (`LISTEN`) on one connection of its own: what another process announced is applied here
 * (its pages drop from this process's cache, its live pages are told); what this process announced itself is
 * skipped (it applied it when it announced it, so it is heard once). When the connection drops it reconnects
 * and catches up from the change log with every change since shortly before the drop, so a change announced
 * meanwhile is not lost (if even that fails, every catalogue page is dropped). With the embedded database there
 * is one process: nothing to listen to.
 *
 * @see ./publish.server.ts, ./changeLog.server.ts
 */
import pg from 'pg';
import type { DatabaseHandle } from '~/server/db/types';
import type { Settings } from '~/server/settings/schema';
import { changeRecorder, EVERY_PAGE_TAGS, PROCESS_ORIGIN, parseChangeNote } from './changeLog.server';
import { applyTags, CHANGES_CHANNEL, setChangeRecorder } from './publish.server';

/** A running listener. */
export interface ChangeListener {
  stop: () => Promise<void>;
}

/** How far before a drop the catch-up reads the log (a connection may have died a little before it was noticed). */
const CATCH_UP_MARGIN_MS = 30_000;
/** Ids of changes applied, remembered to skip them when a catch-up reads them again. */
const SEEN_LIMIT = 10_000;

/** Starts sharing (see the module comment). */
export async function startChangeListener(
  handle: DatabaseHandle,
  settings: Pick<Settings, 'DATABASE_URL' | 'CHANGES_RECONNECT_MS'>,
): Promise<ChangeListener> {
  const recorder = changeRecorder(handle);
  setChangeRecorder(recorder.record);
  const url = settings.DATABASE_URL;
  if (handle.kind !== 'postgres' || !url) {
    return {
      stop: async () => {
        setChangeRecorder(undefined);
        await recorder.stop();
      },
    };
  }
  const reconnectMs = Math.max(100, settings.CHANGES_RECONNECT_MS || 1_000);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** When the last connection was lost (this process's clock), while none is up. */
  let lostAt: number | undefined;
  const seen = new Set<number>();

  const apply = (id: number, tags: readonly string[]) => {
    if (seen.has(id)) return;
    seen.add(id);
    if (seen.size > SEEN_LIMIT) for (const old of [...seen].slice(0, SEEN_LIMIT / 2)) seen.delete(old);
    applyTags(tags);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: `kirafuda-changes:${process.pid}`,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    next.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL) return;
      const note = parseChangeNote(message.payload);
      if (!note || note.origin === PROCESS_ORIGIN || seen.has(note.id)) return;
      if (note.tags) return apply(note.id, note.tags);
      next
        .query<{ tags: string[] }>('select tags from change_log where id = $1', [note.id])
        .then(({ rows }) => apply(note.id, rows[0]?.tags ?? EVERY_PAGE_TAGS))
        .catch(() => apply(note.id, EVERY_PAGE_TAGS));
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      lostAt = Date.now();
      schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    if (lostAt !== undefined) await catchUp(next, lostAt);
    lostAt = undefined;
  };

  /** Applies what others announced since shortly before the drop at `since` (see the module comment). */
  const catchUp = async (connection: pg.Client, since: number) => {
    const seconds = (Date.now() - since + CATCH_UP_MARGIN_MS) / 1000;
    try {
      const { rows } = await connection.query<{ id: string; tags: string[] }>(
        `select id, tags from change_log
         where created_at > now() - make_interval(secs => $1) and origin <> $2 order by id`,
        [seconds, PROCESS_ORIGIN],
      );
      for (const row of rows) apply(Number(row.id), row.tags);
    } catch (error) {
      console.error('[events] catching up after a reconnect failed; dropping every catalogue page:', error);
      applyTags(EVERY_PAGE_TAGS);
    }
  };

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        console.error(`[events] the change listener could not reconnect: ${String(error)}`);
        lostAt ??= Date.now();
        schedule();
      });
    }, reconnectMs);
  };

  try {
    await connect();
  } catch (error) {
    console.error(`[events] the change listener did not connect; trying again: ${String(error)}`);
    lostAt = Date.now();
    schedule();
  }
  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      setChangeRecorder(undefined);
      await recorder.stop();
      await client?.end().catch(() => undefined);
    },
  };
}
