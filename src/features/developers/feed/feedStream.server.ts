/**
 * The live event stream (`GET /api/v1/events/stream`): Server-Sent Events, one `event: {type}` with `id: evt_{n}`
 * and the event's JSON as data per market event, in the feed's order. It starts after `Last-Event-ID` (the header
 * a browser's EventSource sends when it reconnects) or `?after=`, replaying from the database what the consumer
 * missed, then follows: one timer per process looks for new events every {@link STREAM_POLL_MS} while any stream
 * is open, and each stream reads its own next page after its own cursor, so a slow or reconnecting consumer skips
 * nothing. Streams share the live pages' caps (../../events/streamCaps.ts: 503 with `Retry-After` past them).
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html, ./feedEvents.server.ts
 */

import { STREAM_RETRY_SECONDS } from '~/features/events/liveEvents';
import { sequenceEvents } from '~/features/events/marketEvents.server';
import { openStreams } from '~/features/events/stream.server';
import type { StreamHolder } from '~/features/events/streamCaps';
import { HttpError } from '~/server/api/errors';
import type { Database } from '~/server/db/types';
import { eventSeq } from './eventIds';
import { checkCursor, eventsAfter, type FeedFilter, feedBounds } from './feedEvents.server';

/** How often the process looks for new events while streams are open, in ms. */
export const STREAM_POLL_MS = 1_000;
/** Milliseconds between heartbeats (comments that keep proxies from closing an idle stream). */
const HEARTBEAT_MS = 20_000;
/** Events sent per read (a consumer far behind gets pages one after another). */
const PAGE = 100;

const waiting = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let newest = 0;

/** Starts the process's look-out while a stream waits, and stops it when none does. */
function follow(db: Database, wake: () => void): () => void {
  waiting.add(wake);
  timer ??= setInterval(async () => {
    try {
      await sequenceEvents(db);
      const bounds = await feedBounds(db);
      if (bounds.newest === newest) return;
      newest = bounds.newest;
      for (const listener of [...waiting]) listener();
    } catch (error) {
      console.error('[events] the live event stream could not read the feed:', String(error));
    }
  }, STREAM_POLL_MS);
  timer.unref?.();
  return () => {
    waiting.delete(wake);
    if (waiting.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Where a stream starts: `Last-Event-ID`, else `after`, else now (the newest event). */
export async function streamStart(
  db: Database,
  lastEventId: string | null,
  after: string | undefined,
): Promise<number> {
  const given = lastEventId ?? after;
  if (given === undefined || given === null) {
    await sequenceEvents(db);
    return (await feedBounds(db)).newest;
  }
  const seq = eventSeq(given);
  if (seq === undefined) throw new HttpError(422, 'Last-Event-ID is not an event id of this feed');
  await sequenceEvents(db);
  await checkCursor(db, seq);
  return seq;
}

/** The streaming response (see the module comment). */
export function eventStream(
  db: Database,
  start: number,
  filter: FeedFilter,
  signal: AbortSignal,
  holder: StreamHolder,
): Response {
  if (openStreams().refusal(holder)) {
    throw new HttpError(503, 'Too many live streams are open; try again shortly', {
      'Retry-After': String(STREAM_RETRY_SECONDS),
    });
  }
  const release = openStreams().take(holder);
  const encoder = new TextEncoder();
  let cursor = start;
  let reading = false;
  let again = false;
  let close = release;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const drain = async () => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            for (;;) {
              const page = await eventsAfter(db, cursor, filter, PAGE);
              for (const event of page) {
                if (closed) return;
                send(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
                cursor = eventSeq(event.id) ?? cursor;
              }
              if (page.length < PAGE) break;
            }
          } while (again && !closed);
        } catch (error) {
          console.error('[events] a live event stream could not read the feed:', String(error));
        } finally {
          reading = false;
        }
      };
      const unfollow = follow(db, () => void drain());
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref?.();
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unfollow();
        release();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      if (signal.aborted) return close();
      signal.addEventListener('abort', () => close(), { once: true });
      send(`retry: 2000\n: resuming after evt_${start}\n\n`);
      void drain();
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
