import { describe, expect, it } from 'vitest';
import { encodeBody, etagOf, type PageEntry, PageStore } from './pageStore';

async function entry(body: string, tags: string[]): Promise<PageEntry> {
  const identity = Buffer.from(body);
  const bodies = { identity, br: await encodeBody(identity, 'br'), gzip: await encodeBody(identity, 'gzip') };
  return {
    status: 200,
    headers: [['content-type', 'text/html; charset=utf-8']],
    bodies,
    etag: etagOf(identity),
    tags,
    hits: 0,
    storedAt: Date.now(),
    maxAge: 60,
    swr: 10,
    size: identity.length + bodies.br.length + bodies.gzip.length,
  };
}

describe('PageStore', () => {
  it('keeps a page in every encoding, each decoding to the same bytes', async () => {
    const store = new PageStore(1_000_000);
    const html = `<p>${'カード '.repeat(500)}</p>`;
    store.set('site/market', await entry(html, ['market']), store.now());
    const kept = store.get('site/market');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(kept?.bodies.identity.toString()).toBe(html);
    expect(brotliDecompressSync(kept?.bodies.br ?? Buffer.alloc(0)).toString()).toBe(html);
    expect(gunzipSync(kept?.bodies.gzip ?? Buffer.alloc(0)).toString()).toBe(html);
    expect(kept?.bodies.br?.length).toBeLessThan(html.length / 5);
  });

  it('drops exactly the pages carrying an invalidated tag', async () => {
    const store = new PageStore(1_000_000);
    store.set('site/tokens/1', await entry('card 1', ['card:1', 'cards']), store.now());
    store.set('site/tokens/2', await entry('card 2', ['card:2', 'cards']), store.now());
    store.set('site/market', await entry('market', ['market']), store.now());
    expect(store.invalidateTags(['card:1'])).toBe(1);
    expect(store.get('site/tokens/1')).toBeUndefined();
    expect(store.get('site/tokens/2')).toBeDefined();
    expect(store.invalidateTags(['cards', 'market'])).toBe(2);
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it('does not keep a render that began before one of its tags was invalidated (it may show the old data)', async () => {
    const store = new PageStore(1_000_000);
    const began = store.now();
    store.invalidateTags(['card:7']);
    expect(store.set('site/tokens/7', await entry('old owner', ['card:7']), began)).toBe(false);
    expect(store.get('site/tokens/7')).toBeUndefined();
    expect(store.set('site/tokens/7', await entry('new owner', ['card:7']), store.now())).toBe(true);
    // Another tag's invalidation does not stop it.
    const next = store.now();
    store.invalidateTags(['card:8']);
    expect(store.set('site/tokens/7', await entry('new owner', ['card:7']), next)).toBe(true);
  });

  it('evicts the least recently used pages past its byte budget', async () => {
    const first = await entry('a'.repeat(2_000), []);
    const store = new PageStore(first.size * 2 + 10);
    store.set('a', first, store.now());
    store.set('b', await entry('b'.repeat(2_000), []), store.now());
    store.get('a');
    store.set('c', await entry('c'.repeat(2_000), []), store.now());
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
    expect(store.bytes).toBeLessThanOrEqual(store.maxBytes);
  });

  it('drops a path under every query and variant', async () => {
    const store = new PageStore(1_000_000);
    store.set('site/market', await entry('1', []), store.now());
    store.set('site/market?page=2', await entry('2', []), store.now());
    store.set('site/\0lang=ja', await entry('home', []), store.now());
    store.set('site/rankings', await entry('3', []), store.now());
    expect(store.invalidatePath('/market')).toBe(2);
    expect(store.invalidatePath('/')).toBe(1);
    expect(store.size).toBe(1);
  });

  it('adds a compressed body to the entry still stored, counted in its budget', async () => {
    const store = new PageStore(1_000_000);
    const identity = Buffer.from('plain page');
    const plain: PageEntry = { ...(await entry('plain page', [])), bodies: { identity }, size: identity.length };
    store.set('/a', plain, store.now());
    const gzip = await encodeBody(identity, 'gzip');
    expect(store.addBody('/a', plain, 'gzip', gzip)).toBe(true);
    expect(store.bytes).toBe(identity.length + gzip.length);
    store.delete('/a');
    expect(store.bytes).toBe(0);
    expect(store.addBody('/a', plain, 'br', gzip)).toBe(false);
  });
});
