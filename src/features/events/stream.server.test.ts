import { describe, expect, it } from 'vitest';
import { listenerCount } from './hub';
import { applyTags } from './publish.server';
import { changeStream, MAX_STREAMS_PER_IP, streamRefusal } from './stream.server';

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
    const response = changeStream(['card:5', 'cards'], leave.signal, '192.0.2.1');
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

  it('limits the streams one address holds', () => {
    const leave = new AbortController();
    for (let index = 0; index < MAX_STREAMS_PER_IP; index += 1) changeStream(['home'], leave.signal, '192.0.2.9');
    expect(streamRefusal('192.0.2.9')).toBe('ip');
    expect(streamRefusal('192.0.2.10')).toBeNull();
    leave.abort();
    expect(streamRefusal('192.0.2.9')).toBeNull();
  });
});
