/**
 * Announces a change: drops the cached pages carrying its tags in this process at once, tells the open live
 * pages (Server-Sent Events), and records it (./changeLog.server.ts, set by the change listener): when each
 * tag changed (the sitemaps' `lastmod`) and, when the process shares a PostgreSQL database with others, the
 * change log and a `NOTIFY`, whose listeners do the same in the other processes. Called after the
 * transaction that made the change committed.
 *
 * @see ./tags.ts, ./changeListener.server.ts, ../../server/cache/pageCache.ts
 */
import { pageStore } from '~/server/cache/pageCache';
import { announce } from './hub';
import { type Change, tagsOf } from './tags';

/** The PostgreSQL channel the server processes share changes on. */
export const CHANGES_CHANNEL = 'kirafuda_changes';

/** Records changed tags (the database, the other processes); set by the change listener while it runs. */
export type ChangeRecorder = (tags: readonly string[]) => Promise<void>;
let recorder: ChangeRecorder | undefined;

/** Sets (or clears) how this process records its changes. */
export function setChangeRecorder(next: ChangeRecorder | undefined): void {
  recorder = next;
}

/** What this process does with changed tags (its own changes, and those other processes announce). */
export function applyTags(tags: readonly string[]): void {
  if (tags.length === 0) return;
  pageStore()?.invalidateTags(tags);
  announce(tags);
}

/** Announces `change` (see the module comment). Never throws: a recorder keeps what it could not write. */
export async function publishChange(change: Change): Promise<void> {
  const tags = tagsOf(change);
  if (tags.length === 0) return;
  applyTags(tags);
  if (!recorder) return;
  try {
    await recorder(tags);
  } catch (error) {
    console.error('[events] recording a change failed:', error);
  }
}
