/**
 * Who in this process wants to hear about changes: the open Server-Sent Event streams, each listening for
 * some tags. ./publish.server.ts and ./changeListener.server.ts tell it; ../../pages/api/v1/changes.ts listens.
 */

type Listener = (tags: readonly string[]) => void;

const listeners = new Set<{ topics: ReadonlySet<string>; listener: Listener }>();

/** Calls `listener` with the matching tags whenever a change touches one of `topics`; returns the unsubscribe. */
export function subscribe(topics: readonly string[], listener: Listener): () => void {
  const entry = { topics: new Set(topics), listener };
  listeners.add(entry);
  return () => listeners.delete(entry);
}

/** Tells every interested listener that `tags` changed. */
export function announce(tags: readonly string[]): void {
  for (const { topics, listener } of listeners) {
    const matching = tags.filter((name) => topics.has(name));
    if (matching.length === 0) continue;
    try {
      listener(matching);
    } catch (error) {
      console.error('[events] a listener failed:', error);
    }
  }
}

/** Open listeners (for the health endpoint and tests). */
export function listenerCount(): number {
  return listeners.size;
}
