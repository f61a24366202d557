/**
 * Cached pages follow the changes people make through the site, at once: a collector renames their profile,
 * an admin hides and shows a token, renames a collection, changes a chain's platform fee. Each test first makes
 * sure the page is answered from the cache (pages are kept an hour), then makes the change, then loads it again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CardDetail, CardSummary } from '../../src/features/catalogue/types.ts';
import type { App } from '../helpers/api.ts';
import { adminClient, startDemoApp, walletClient } from './admin-clients.ts';
import { kept, page } from './pageFreshness.ts';

let app: App;

beforeAll(async () => {
  app = await startDemoApp();
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

async function someCard(): Promise<CardSummary> {
  const list = await app.client().get<{ items: CardSummary[] }>('/api/v1/cards?chain_id=1&per_page=5');
  const card = list.body.items[0];
  if (!card) throw new Error('no demo card');
  return card;
}
const tokenPage = (card: CardSummary) => `/tokens/${card.chainId}/${card.contractAddress}/${card.tokenId}`;

describe('changes made through the site', () => {
  test("a collector's new profile name shows on their items page", async () => {
    const { client, address } = await walletClient(app);
    expect(await kept(app, `/user/${address}`)).not.toContain('Hoshi no Kaze');
    expect((await client.put('/api/v1/profile', { name: 'Hoshi no Kaze' })).status).toBe(200);
    expect((await page(app, `/user/${address}`)).html).toContain('Hoshi no Kaze');
  });

  test('a token an admin hides is gone at once, and back when shown again', async () => {
    const admin = await adminClient(app);
    const card = await someCard();
    await kept(app, tokenPage(card));
    expect(await kept(app, `/nfts/${card.id}`)).toContain(card.name);
    expect(await kept(app, `/collection/${card.category?.id}`)).toContain(`${tokenPage(card)}"`);
    expect((await admin.put(`/api/v1/admins/card_serials/${card.id}`, { hidden: true })).status).toBe(200);
    expect((await page(app, tokenPage(card))).status).toBe(404);
    expect((await page(app, `/nfts/${card.id}`)).status).toBe(404);
    expect((await page(app, `/collection/${card.category?.id}`)).html).not.toContain(`${tokenPage(card)}"`);
    expect((await admin.put(`/api/v1/admins/card_serials/${card.id}`, { hidden: false })).status).toBe(200);
    expect((await page(app, tokenPage(card))).status).toBe(200);
  });

  test("a collection an admin renames shows its new name on its page and its cards' pages", async () => {
    const admin = await adminClient(app);
    const card = await someCard();
    const detail = (await app.client().get<CardDetail>(`/api/v1/cards/${card.id}`)).body;
    const category = detail.category;
    if (!category) throw new Error('the demo card has no collection');
    expect(await kept(app, `/collection/${category.id}`)).not.toContain('夜桜・改');
    expect(await kept(app, tokenPage(card))).not.toContain('夜桜・改');
    const path = `/api/v1/admins/categories/${category.contractAddress}?chain_id=${card.chainId}`;
    expect((await admin.put(path, { name: '夜桜・改' })).status).toBe(200);
    expect((await page(app, `/collection/${category.id}`)).html).toContain('夜桜・改');
    expect((await page(app, tokenPage(card))).html).toContain('夜桜・改');
  });

  test("a new platform fee is what every token page's sell form signs", async () => {
    const admin = await adminClient(app);
    const card = await someCard();
    // The page's trading terms, written once for its islands (src/features/trading/terms/TermsScript.astro).
    expect(await kept(app, tokenPage(card))).not.toContain('"feeBps":345');
    expect((await admin.put('/api/v1/admins/platform_fee', { chain_id: 1, fee_bps: 345 })).status).toBe(200);
    const { html } = await page(app, tokenPage(card));
    expect(html).toMatch(/<script type="application\/json" data-trade-terms>[^<]*"feeBps":345/);
    expect(html).toContain('&quot;termsKey&quot;:[0,&quot;1:345&quot;]');
  });
});

describe('GET /api/v1/changes (live pages)', () => {
  /** Reads the event stream until `until` appears. */
  async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: string, seen = { text: '' }) {
    const decoder = new TextDecoder();
    while (!seen.text.includes(until)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before "${until}": ${seen.text}`);
      seen.text += decoder.decode(value);
    }
    return seen.text;
  }

  test('a live page hears the changes of its topics as they happen', async () => {
    const { client, address } = await walletClient(app);
    const leave = new AbortController();
    const response = await fetch(new URL(`/api/v1/changes?topics=user:${address},card:999999`, app.url), {
      signal: leave.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const seen = { text: '' };
    await readUntil(reader, 'event: ready', seen);
    expect((await client.put('/api/v1/profile', { name: 'Live name' })).status).toBe(200);
    await readUntil(reader, 'event: change', seen);
    expect(seen.text).toContain(`data: {"tags":["user:${address}"]}`);
    leave.abort();
  });

  test('unknown topics get 422 with a message, never a stream', async () => {
    for (const query of [
      '',
      '?topics=',
      '?topics=everything',
      '?topics=card:1;drop',
      `?topics=${Array.from({ length: 30 }, (_, index) => `card:${index + 1}`).join(',')}`,
    ]) {
      const response = await app.client().get<{ message: string }>(`/api/v1/changes${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.message, query).toMatch(/topic/);
    }
  });
});
