/**
 * Keeps a live page current without a reload: follows its topics over Server-Sent Events
 * (`/api/v1/changes`), and when one changes fetches the page again (the server dropped it from its cache
 * first, so the answer is fresh) and swaps in the parts marked `data-live-region="{name}"` that differ. A part
 * someone is using (focus inside, an open dialog, a busy island) is swapped once they are done. When the server
 * refuses the stream (503, past its caps) the page polls when its topics last changed
 * (`/api/v1/changes/latest`, every minute) and fetches itself when that moves (./followStream.ts). The status
 * element (`data-live-status`) shows "live", "reconnecting" or "polling".
 *
 * @see ./stream.server.ts
 */

import { type FollowState, followStream } from './followStream';
import { LIVE_UPDATED_EVENT } from './liveEvents';

/** How a live page is set up. */
export interface LivePageOptions {
  topics: readonly string[];
  /** The element whose `data-state` (`live`, `reconnecting`, `polling`) and text show the connection. */
  status: HTMLElement;
  /** Texts of the states. */
  texts: Record<FollowState, string>;
  doc?: Document;
  fetchImpl?: typeof fetch;
  /** Milliseconds changes are gathered before the page is fetched. */
  settleMs?: number;
}

/** Whether a region is in use (it is then swapped later). */
function inUse(region: Element, doc: Document): boolean {
  return (
    region.contains(doc.activeElement) ||
    region.querySelector('dialog[open], [aria-busy="true"], [data-busy="true"]') !== null
  );
}

/** Swaps the regions of `fresh` that differ; returns how many still wait because they are in use. */
export function swapRegions(doc: Document, fresh: Document): number {
  let waiting = 0;
  for (const region of doc.querySelectorAll<HTMLElement>('[data-live-region]')) {
    const name = region.dataset['liveRegion'] ?? '';
    const next = fresh.querySelector<HTMLElement>(`[data-live-region="${CSS.escape(name)}"]`);
    if (!next || next.outerHTML === region.outerHTML) continue;
    if (inUse(region, doc)) {
      waiting += 1;
      continue;
    }
    region.replaceWith(doc.importNode(next, true));
  }
  return waiting;
}

/** Starts following (see the module comment); returns the stop function. */
export function startLivePage(options: LivePageOptions): () => void {
  const doc = options.doc ?? document;
  const fetchPage = options.fetchImpl ?? fetch.bind(globalThis);
  const { status, texts } = options;
  const setState = (state: FollowState) => {
    status.dataset['state'] = state;
    status.textContent = texts[state];
    status.hidden = false;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshing = false;
  let again = false;

  const refresh = async (): Promise<void> => {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    try {
      const response = await fetchPage(location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
      if (!response.ok) return;
      const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
      const waiting = swapRegions(doc, fresh);
      doc.dispatchEvent(new Event(LIVE_UPDATED_EVENT));
      if (waiting > 0) schedule(3_000);
    } catch {
      schedule(5_000);
    } finally {
      refreshing = false;
      if (again) {
        again = false;
        schedule(0);
      }
    }
  };
  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void refresh(), delay);
  };

  const topics = encodeURIComponent(options.topics.join(','));
  /** The last change the polls saw (undefined before the first poll). */
  let seen: string | null | undefined;
  const poll = async () => {
    try {
      const response = await fetchPage(`/api/v1/changes/latest?topics=${topics}`, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (!response.ok) return;
      const { changedAt } = (await response.json()) as { changedAt: string | null };
      if (seen !== undefined && changedAt !== seen) schedule(0);
      seen = changedAt;
    } catch {
      // offline for now: the next poll asks again
    }
  };
  const stopFollowing = followStream({
    url: `/api/v1/changes?topics=${topics}`,
    onChange: () => schedule(options.settleMs ?? 150),
    // Changes made while disconnected were not heard: fetch once to catch up.
    onReady: (missed) => {
      if (missed) schedule(0);
    },
    onState: setState,
    poll,
  });
  return () => {
    stopFollowing();
    if (timer) clearTimeout(timer);
  };
}
