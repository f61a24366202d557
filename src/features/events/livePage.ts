/**
 * Keeps a live page current without a reload: follows its topics over Server-Sent Events
 * (`/api/v1/changes`), and when one changes fetches the page again (the server dropped it from its cache
 * first, so the answer is fresh) and swaps in the parts marked `data-live-region="{name}"` that differ. A part
 * someone is using (focus inside, an open dialog, a busy island) is swapped once they are done. The status
 * element (`data-live-status`) shows "live" or "reconnecting"; EventSource reconnects by itself after a drop.
 *
 * @see ./stream.server.ts
 */

import { LIVE_UPDATED_EVENT } from './liveEvents';

/** How a live page is set up. */
export interface LivePageOptions {
  topics: readonly string[];
  /** The element whose `data-state` (`connecting`, `live`, `reconnecting`) and text show the connection. */
  status: HTMLElement;
  /** Texts of the states. */
  texts: Record<'live' | 'reconnecting', string>;
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
  const setState = (state: 'live' | 'reconnecting') => {
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

  const url = `/api/v1/changes?topics=${encodeURIComponent(options.topics.join(','))}`;
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let dropped = false;
  const connect = () => {
    const next = new EventSource(url);
    source = next;
    next.addEventListener('ready', () => {
      setState('live');
      // Changes made while disconnected were not heard: fetch once to catch up.
      if (dropped) schedule(0);
      dropped = false;
    });
    next.addEventListener('change', () => schedule(options.settleMs ?? 150));
    next.addEventListener('error', () => {
      dropped = true;
      setState('reconnecting');
      // The browser reconnects by itself after a dropped stream, not after a refusal (429, 503): try later.
      if (next.readyState === EventSource.CLOSED) retry = setTimeout(connect, 30_000);
    });
  };
  connect();
  return () => {
    source?.close();
    if (timer) clearTimeout(timer);
    if (retry) clearTimeout(retry);
  };
}
