/**
 * A Server-Sent Events stream of changes for one live page: `event: change` with `{"tags": [...]}` each time a
 * change touches one of its topics, a heartbeat so proxies keep the connection open (./sseResponse.server.ts),
 * and `retry` telling the browser how soon to reconnect after a drop. The stream ends when the visitor leaves
 * (the request's signal) or the server stops. Streams are shared out by ./streamCaps.ts: past a cap the answer is
 * 503 with `Retry-After`, and the page polls instead (./followStream.ts).
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html
 */
import { HttpError } from '~/server/api/errors';
import { serverSettings } from '~/server/settings/settings.server';
import { subscribe } from './hub';
import { STREAM_RETRY_SECONDS } from './liveEvents';
import { sseResponse } from './sseResponse.server';
import { StreamCounts, type StreamHolder, type StreamRefusal, streamLimits } from './streamCaps';

/** Milliseconds a browser waits before reconnecting. */
export const RETRY_MS = 2_000;

let counts: StreamCounts | undefined;

/** This process's open streams (its caps read from the environment, checked when the server starts). */
export function openStreams(): StreamCounts {
  counts ??= new StreamCounts(streamLimits(serverSettings()));
  return counts;
}

/** What a refused caller is told. */
const REFUSED: Record<StreamRefusal, string> = {
  busy: 'Too many live pages are open; try again shortly',
  network: 'Too many live pages are open from this address',
  wide_network: 'Too many live pages are open from this network',
  account: 'Too many live pages are open for this account',
};

/**
 * The response carrying the stream (see the module comment), counted for `holder` until it ends; throws 503 with
 * `Retry-After` when `holder` may open no more.
 */
export function changeStream(topics: readonly string[], signal: AbortSignal, holder: StreamHolder): Response {
  const refusal = openStreams().refusal(holder);
  if (refusal) throw new HttpError(503, REFUSED[refusal], { 'Retry-After': String(STREAM_RETRY_SECONDS) });
  // The subscription starts before the first heartbeat; `ready` is the first thing the browser reads.
  return sseResponse(signal, openStreams().take(holder), (sink) => ({
    stop: subscribe(topics, (tags) => sink.send(`event: change\ndata: ${JSON.stringify({ tags })}\n\n`)),
    start: () => sink.send(`retry: ${RETRY_MS}\nevent: ready\ndata: ${JSON.stringify({ topics })}\n\n`),
  }));
}
