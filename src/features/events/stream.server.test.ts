import { describe, expect, it } from 'vitest';
import { listenerCount } from './hub';
import { applyTags } from './publish.server';
import { changeStream, openStreams } from './stream.server';
import { MAX_STREAMS_PER_NETWORK } from './streamCaps';

/** Reads the stream's text until `until` appears in it. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: string, seen = { text: '' }) {
  const decoder = new TextDecoder();
  while (!seen.text.includes(until)) {
    const { value, done } = await reader.read();
    if (done) break;
    seen.text += decoder.decode(value);
  }
  return seen.text;
}

describe('the change stream of a live page', () => {
  it('says it is ready, then sends the changes of its topics only, and ends when the visitor leaves', async () => {
    const leave = new AbortController();
    const response = changeStream(['card:5', 'cards'], leave.signal, { ip: '192.0.2.1', userId: null });
    expect(response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const seen = { text: '' };
    expect(await readUntil(reader, '\n\n', seen)).toMatch(
      /^retry: \d+\nevent: ready\ndata: \{"topics":\["card:5","cards"\]\}/,
    );
    const before = listenerCount();
    applyTags(['card:6']);
    applyTags(['market', 'card:5']);
    await readUntil(reader, 'event: change', seen);
    expect(seen.text).toContain('event: change\ndata: {"tags":["card:5"]}\n\n');
    expect(seen.text).not.toContain('card:6');
    leave.abort();
    expect((await reader.read()).done).toBe(true);
    expect(listenerCount()).toBe(before - 1);
  });

  it('refuses a stream past a cap with 503 and Retry-After, and frees its places when the visitors leave', () => {
    const leave = new AbortController();
    const holder = { ip: '192.0.2.9', userId: null };
    const before = openStreams().total;
    for (let index = 0; index < MAX_STREAMS_PER_NETWORK; index += 1) changeStream(['home'], leave.signal, holder);
    expect(openStreams().total).toBe(before + MAX_STREAMS_PER_NETWORK);
    let refused: unknown;
    try {
      changeStream(['home'], new AbortController().signal, holder);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ status: 503, headers: { 'Retry-After': '120' } });
    expect(changeStream(['home'], leave.signal, { ip: '192.0.2.10', userId: null }).status).toBe(200);
    leave.abort();
    expect(openStreams().total).toBe(before);
    expect(openStreams().refusal(holder)).toBeNull();
  });
});
