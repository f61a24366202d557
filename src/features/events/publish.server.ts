/**
 * Announces a change: drops the cached pages carrying its tags in this process at once, tells the open live
 * pages (Server-Sent Events), and, when the process shares a PostgreSQL database with others, notifies them
 * (`NOTIFY`, through the change listener's connection), whose listener does the same there. Called after the
 * transaction that made the change committed.
 *
 * @see ./tags.ts, ./changeListener.server.ts, ../../server/cache/pageCache.ts
 */
import { pageStore } from '~/server/cache/pageCache';
import { announce } from './hub';
import { type Change, tagsOf } from './tags';

/** The PostgreSQL channel the server processes share changes on. */
export const CHANGES_CHANNEL = 'kirafuda_changes';
/** Largest NOTIFY payload we send (PostgreSQL allows just under 8000 bytes). */
const MAX_PAYLOAD = 7_000;

/** Sends a payload to the other processes; set by the change listener while it runs. */
type Notifier = (payload: string) => Promise<void>;
let notifier: Notifier | undefined;

/** Sets (or clears) how this process notifies the others. */
export function setNotifier(next: Notifier | undefined): void {
  notifier = next;
}

/** What this process does with changed tags (its own changes, and those other processes notify). */
export function applyTags(tags: readonly string[]): void {
  if (tags.length === 0) return;
  pageStore()?.invalidateTags(tags);
  announce(tags);
}

/** Splits tags into NOTIFY payloads (JSON arrays) under the size limit. */
export function payloadsOf(tags: readonly string[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  for (const name of tags) {
    if (JSON.stringify([...batch, name]).length > MAX_PAYLOAD && batch.length > 0) {
      payloads.push(JSON.stringify(batch));
      batch = [];
    }
    batch.push(name);
  }
  if (batch.length > 0) payloads.push(JSON.stringify(batch));
  return payloads;
}

/** Announces `change` (see the module comment). Never throws: a failed notify is logged. */
export async function publishChange(change: Change): Promise<void> {
  const tags = tagsOf(change);
  if (tags.length === 0) return;
  applyTags(tags);
  if (!notifier) return;
  try {
    for (const payload of payloadsOf(tags)) await notifier(payload);
  } catch (error) {
    console.error('[events] notifying the other processes failed:', error);
  }
}
