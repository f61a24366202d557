/**
 * Who in this process wants to hear about changes: the open Server-Sent Event streams, each listening for
 * some tags, and observers of every change (the background jobs). ./publish.server.ts and
 * ./changeListener.server.ts tell it; ../../pages/api/v1/changes.ts listens.
 */

type Listener = (tags: readonly string[]) => void;
interface Entry {
  listener: Listener;
}

const listeners = new Set<Entry>();
/** Listeners by the topic they listen for: a change visits only the streams of its own tags. */
const byTopic = new Map<string, Set<Entry>>();

/** Calls `listener` with the matching tags whenever a change touches one of `topics`; returns the unsubscribe. */
export function subscribe(topics: readonly string[], listener: Listener): () => void {
  const entry: Entry = { listener };
  const own = new Set(topics);
  listeners.add(entry);
  for (const topic of own) byTopic.set(topic, (byTopic.get(topic) ?? new Set()).add(entry));
  return () => {
    listeners.delete(entry);
    for (const topic of own) {
      const set = byTopic.get(topic);
      set?.delete(entry);
      if (set?.size === 0) byTopic.delete(topic);
    }
  };
}

/** Whom every change is told, whatever its tags (the background jobs a change makes work for); not streams. */
const observers = new Set<Listener>();

/** Calls `observer` with the tags of every change (this process's and the others'); returns the unsubscribe. */
export function observe(observer: Listener): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** Tells every interested listener that `tags` changed. */
export function announce(tags: readonly string[]): void {
  for (const observer of observers) {
    try {
      observer(tags);
    } catch (error) {
      console.error('[events] an observer failed:', error);
    }
  }
  const matching = new Map<Entry, string[]>();
  for (const name of new Set(tags)) {
    for (const entry of byTopic.get(name) ?? []) matching.set(entry, [...(matching.get(entry) ?? []), name]);
  }
  for (const [{ listener }, names] of matching) {
    try {
      listener(names);
    } catch (error) {
      console.error('[events] a listener failed:', error);
    }
  }
}

/** Whether an open listener of this process hears a topic starting with `prefix` (e.g. any user's bell). */
export function listensToPrefix(prefix: string): boolean {
  for (const topic of byTopic.keys()) if (topic.startsWith(prefix)) return true;
  return false;
}

/** Open listeners (for the health endpoint and tests). */
export function listenerCount(): number {
  return listeners.size;
}
