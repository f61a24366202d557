/**
 * A Server-Sent Events stream of changes for one live page: `event: change` with `{"tags": [...]}` each time a
 * change touches one of its topics, a comment every {@link HEARTBEAT_MS} so proxies keep the connection open,
 * and `retry` telling the browser how soon to reconnect after a drop. The stream ends when the visitor leaves
 * (the request's signal) or the server stops.
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html
 */
import { listenerCount, subscribe } from './hub';

/** Milliseconds between heartbeats. */
export const HEARTBEAT_MS = 20_000;
/** Milliseconds a browser waits before reconnecting. */
export const RETRY_MS = 2_000;
/** Most open streams in one process; more are answered 503 (the page then reloads on its own timer). */
export const MAX_STREAMS = 5_000;

/** Most open streams of one IP address (a few tabs each, behind one NAT). */
export const MAX_STREAMS_PER_IP = 24;

const openByIp = new Map<string, number>();

/** Why this process takes no more streams from `ip` ('busy', 'ip'), or null when it does. */
export function streamRefusal(ip: string): 'busy' | 'ip' | null {
  if (listenerCount() >= MAX_STREAMS) return 'busy';
  return (openByIp.get(ip) ?? 0) >= MAX_STREAMS_PER_IP ? 'ip' : null;
}

/** The response carrying the stream (see the module comment). */
export function changeStream(topics: readonly string[], signal: AbortSignal, ip: string): Response {
  const encoder = new TextEncoder();
  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      openByIp.set(ip, (openByIp.get(ip) ?? 0) + 1);
      const unsubscribe = subscribe(topics, (tags) => send(`event: change\ndata: ${JSON.stringify({ tags })}\n\n`));
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref?.();
      let closed = false;
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        const left = (openByIp.get(ip) ?? 1) - 1;
        if (left > 0) openByIp.set(ip, left);
        else openByIp.delete(ip);
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      if (signal.aborted) return close();
      signal.addEventListener('abort', () => close(), { once: true });
      send(`retry: ${RETRY_MS}\nevent: ready\ndata: ${JSON.stringify({ topics })}\n\n`);
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
