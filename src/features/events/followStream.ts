/**
 * Follows a Server-Sent Events stream of changes (`GET /api/v1/changes`, `GET /api/v1/notifications/stream`) in
 * the browser, and keeps following when the server refuses one. A dropped stream is reconnected by the browser
 * itself ("reconnecting"). A refused one (503 past a cap of ./streamCaps.ts, or any answer that is not a stream)
 * is not: the page then polls, slowly (every {@link POLL_SECONDS} s, the first time at once), and asks for a
 * stream again every {@link STREAM_RETRY_SECONDS} s (the server's `Retry-After`); once one is ready, polling stops.
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#dom-eventsource-readystate (a failed
 *   connection is CLOSED; a dropped one is CONNECTING again)
 */
import { POLL_SECONDS, STREAM_RETRY_SECONDS } from './liveEvents';

/** How the page is following: over its stream, waiting for it to come back, or by polling. */
export type FollowState = 'live' | 'reconnecting' | 'polling';

/** What to follow and what to do. */
export interface FollowStreamOptions {
  url: string;
  /** Send cookies (the bell's stream is the signed-in user's). */
  withCredentials?: boolean;
  /** A `change` event arrived. */
  onChange: () => void;
  /** A stream is ready; `missed`: one dropped or was refused before, so changes may have been missed. */
  onReady?: (missed: boolean) => void;
  onState?: (state: FollowState) => void;
  /** One poll while no stream is given (errors are the caller's to swallow). */
  poll: () => unknown;
}

/** Starts following (see the module comment); returns the stop function. */
export function followStream(options: FollowStreamOptions): () => void {
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let polling: ReturnType<typeof setInterval> | undefined;
  let missed = false;

  const stopPolling = () => {
    if (polling) clearInterval(polling);
    polling = undefined;
  };
  const startPolling = () => {
    if (polling) return;
    polling = setInterval(() => void options.poll(), POLL_SECONDS * 1000);
    void options.poll();
  };
  const connect = () => {
    retry = undefined;
    const next = new EventSource(options.url, options.withCredentials ? { withCredentials: true } : undefined);
    source = next;
    next.addEventListener('ready', () => {
      stopPolling();
      options.onState?.('live');
      options.onReady?.(missed);
      missed = false;
    });
    next.addEventListener('change', () => options.onChange());
    next.addEventListener('error', () => {
      missed = true;
      if (next.readyState !== EventSource.CLOSED) {
        options.onState?.('reconnecting');
        return;
      }
      next.close();
      options.onState?.('polling');
      startPolling();
      retry ??= setTimeout(connect, STREAM_RETRY_SECONDS * 1000);
    });
  };
  connect();
  return () => {
    source?.close();
    stopPolling();
    if (retry) clearTimeout(retry);
  };
}
