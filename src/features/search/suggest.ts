/** Minimum time between two suggestion calls. @see spec §9 "Search throttle 500 ms" */
export const SEARCH_THROTTLE_MS = 500;

/** How to build a suggester. */
export interface SuggesterOptions<Result> {
  /** Fetches suggestions; must give up when `signal` aborts. */
  search: (keyword: string, signal: AbortSignal) => Promise<Result>;
  /** Receives the suggestions of the latest request that was not cancelled. */
  onResult: (result: Result, keyword: string) => void;
  /** Called when the keyword becomes empty: the suggestions should disappear. */
  onClear: () => void;
  /** Called when a search that was not cancelled fails; ignored by default. */
  onError?: (error: unknown, keyword: string) => void;
  throttleMs?: number;
}

/** The suggester `createSuggester` returns. */
export interface Suggester {
  /** Feeds the current text of the search box. */
  input(keyword: string): void;
  /** Stops timers and cancels the request under way (the search box is going away). */
  dispose(): void;
}

/**
 * Turns keystrokes into suggestion requests: an empty keyword clears the suggestions, there is at
 * most one request per `throttleMs` (the first at once, then one with the latest keyword at the
 * end of the window), and starting a request cancels the previous one so a slow, stale answer
 * never replaces a newer one.
 * @see spec §5 "Search", §9 "Search throttle 500 ms"
 */
export function createSuggester<Result>({
  search,
  onResult,
  onClear,
  onError = () => {},
  throttleMs = SEARCH_THROTTLE_MS,
}: SuggesterOptions<Result>): Suggester {
  let pending: string | null = null;
  let windowTimer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;

  function abortInFlight(): void {
    controller?.abort();
    controller = null;
  }

  function endWindow(): void {
    windowTimer = undefined;
    if (pending !== null) fire();
  }

  function fire(): void {
    const keyword = pending;
    pending = null;
    if (keyword === null) return;
    abortInFlight();
    const own = new AbortController();
    controller = own;
    windowTimer = setTimeout(endWindow, throttleMs);
    search(keyword, own.signal).then(
      (result) => {
        if (own.signal.aborted) return;
        controller = null;
        onResult(result, keyword);
      },
      (error: unknown) => {
        if (own.signal.aborted) return;
        controller = null;
        onError(error, keyword);
      },
    );
  }

  return {
    input(raw) {
      const keyword = raw.trim();
      if (!keyword) {
        pending = null;
        abortInFlight();
        onClear();
        return;
      }
      pending = keyword;
      if (windowTimer === undefined) fire();
    },
    dispose() {
      pending = null;
      if (windowTimer !== undefined) clearTimeout(windowTimer);
      windowTimer = undefined;
      abortInFlight();
    },
  };
}

/**
 * The full search page for `keyword` (what Enter opens), in the visitor's locale.
 * @see spec §5 "only Enter triggers full search", §2 (locale-prefixed routes)
 */
export function searchPath(keyword: string, locale: 'ja' | 'en'): string {
  return `${locale === 'en' ? '/en' : ''}/search/${encodeURIComponent(keyword.trim())}`;
}
