/**
 * Shares changes between the processes of one PostgreSQL database: hears what the others announce (`LISTEN`)
 * and applies it here (their pages drop from this process's cache, its live pages are told), and gives
 * ./publish.server.ts the way to tell them (`NOTIFY` on the same connection). One connection of its own,
 * reconnected after a drop (pages are then dropped wholesale for the tags missed: every catalogue list and
 * token page). With the embedded database there is one process, so nothing to share.
 *
 * @see ./publish.server.ts
 */
import pg from 'pg';
import type { DatabaseHandle } from '~/server/db/types';
import { applyTags, CHANGES_CHANNEL, setNotifier } from './publish.server';
import { tagsOf } from './tags';

/** A running listener. */
export interface ChangeListener {
  stop: () => Promise<void>;
}

/** Starts listening when the database is PostgreSQL (see the module comment); undefined otherwise. */
export async function startChangeListener(
  handle: DatabaseHandle,
  env: Record<string, string | undefined> = process.env,
): Promise<ChangeListener | undefined> {
  const url = env['DATABASE_URL'];
  if (handle.kind !== 'postgres' || !url) return undefined;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: 'kirafuda-changes' });
    next.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      try {
        const tags = JSON.parse(message.payload) as unknown;
        if (Array.isArray(tags)) applyTags(tags.filter((name): name is string => typeof name === 'string'));
      } catch {
        // not ours
      }
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      // Changes may have been missed while disconnected: drop what every change could have touched.
      applyTags(tagsOf({ lists: true, allCards: true }));
      retry = setTimeout(() => void connect().catch(lost), 1_000);
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`listen ${CHANGES_CHANNEL}`);
    client = next;
  };
  await connect();
  setNotifier(async (payload) => {
    if (!client) throw new Error('the change listener is reconnecting');
    await client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
  });
  return {
    stop: async () => {
      stopped = true;
      setNotifier(undefined);
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
