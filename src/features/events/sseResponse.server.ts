/**
 * A Server-Sent Events response, written once for the live pages' change stream (./stream.server.ts) and the
 * developers' event stream (~/features/developers/feed/feedStream.server.ts): a comment every {@link HEARTBEAT_MS}
 * so proxies keep an idle connection open, and one close, whichever comes first (the client leaves, the reader
 * cancels, a write fails), that stops the stream's source and releases its place under the caps (./streamCaps.ts).
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html
 */

/** Milliseconds between heartbeats. */
export const HEARTBEAT_MS = 20_000;

/** Where a stream's source writes. */
export interface SseSink {
  /** Writes `text` (whole events); a failed write closes the stream. */
  send(text: string): void;
  /** Whether the stream has closed (a source reading in pages stops between them). */
  readonly closed: boolean;
}

/** What feeds a stream: `stop` ends it once the stream closes, `start` runs once it is open and not yet aborted. */
export interface SseSource {
  start(): void;
  stop(): void;
}

/** The streaming response: `open` sets up its source (before the first heartbeat); `release` runs on close. */
export function sseResponse(signal: AbortSignal, release: () => void, open: (sink: SseSink) => SseSource): Response {
  const encoder = new TextEncoder();
  let close = release;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const sink: SseSink = {
        send(text) {
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            close();
          }
        },
        get closed() {
          return closed;
        },
      };
      const source = open(sink);
      const heartbeat = setInterval(() => sink.send(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref?.();
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        source.stop();
        release();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      if (signal.aborted) return close();
      signal.addEventListener('abort', () => close(), { once: true });
      source.start();
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
  });
}
