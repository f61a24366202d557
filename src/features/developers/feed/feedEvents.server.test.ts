/**
 * The event feed over a real database: events recorded once per fact, numbered in commit order with no holes (an
 * event whose transaction commits late gets a later number than one a reader already saw), a reorganised sale
 * followed by `sale.reverted` naming it, filters, and cursors that are not ours (422) or too old (410).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db';
import { recordEvent, revertEvents, sequenceEvents } from '~/features/events/marketEvents.server';
import { HttpError } from '~/server/api/errors';
import { feedPage } from './feedEvents.server';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const at = new Date('2026-11-01T00:00:00Z');
const contract = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const sale = (id: number) =>
  ({
    type: 'sale',
    factKey: `sale:${id}`,
    chainId: 1,
    contractAddress: contract,
    data: { sale_id: id },
    occurredAt: at,
  }) as const;

describe('the event feed', () => {
  it('tells each fact once, in order, with ids that a cursor goes on from', async () => {
    const { db } = database;
    await recordEvent(db, sale(1));
    await recordEvent(db, sale(1));
    await recordEvent(db, { ...sale(2), type: 'listing.created', factKey: 'listing:2:created' });
    const first = await feedPage(db, {});
    expect(first.events.map((event) => [event.id, event.type])).toEqual([
      ['evt_1', 'sale'],
      ['evt_2', 'listing.created'],
    ]);
    expect(first.next).toBe('evt_2');
    await recordEvent(db, sale(3));
    const next = await feedPage(db, { after: 2 });
    expect(next.events.map((event) => event.id)).toEqual(['evt_3']);
    expect((await feedPage(db, { after: 0, types: ['listing.created'] })).events.map((event) => event.id)).toEqual([
      'evt_2',
    ]);
    expect(
      (await feedPage(db, { after: 0, collection: contract.toUpperCase().replace('0X', '0x') })).events,
    ).toHaveLength(3);
    expect(
      (await feedPage(db, { after: 0, collection: '0x0000000000000000000000000000000000000001' })).events,
    ).toHaveLength(0);
  });

  it('numbers an event committed late after the ones a reader saw, never before them', async () => {
    const { db } = database;
    const seen = (await feedPage(db, {})).next;
    // A transaction that records an event, and stays open while another records and commits one.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    if (database.kind === 'postgres') {
      const slow = db.transaction(async (tx) => {
        await recordEvent(tx, sale(10));
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await recordEvent(db, sale(11));
      const meanwhile = await feedPage(db, { after: Number(seen.slice(4)) });
      expect(meanwhile.events.map((event) => event.data['sale_id'])).toEqual([11]);
      release();
      await slow;
      const later = await feedPage(db, { after: Number(meanwhile.next.slice(4)) });
      expect(later.events.map((event) => event.data['sale_id'])).toEqual([10]);
    } else {
      // One connection: transactions cannot overlap; insertion order is commit order.
      release();
      await held;
      await recordEvent(db, sale(10));
      await recordEvent(db, sale(11));
      const page = await feedPage(db, { after: Number(seen.slice(4)) });
      expect(page.events.map((event) => event.data['sale_id'])).toEqual([10, 11]);
    }
    const { rows } = await db.execute<{ n: unknown; top: unknown }>(
      sql`select count(*) as n, max(seq) as top from events`,
    );
    expect(Number(rows[0]?.n)).toBe(Number(rows[0]?.top));
  });

  it('follows a reorganised sale with sale.reverted naming its event, once', async () => {
    const { db } = database;
    const before = (await feedPage(db, {})).next;
    await db.transaction((tx) => revertEvents(tx, 'sale', [3, 999], at));
    await db.transaction((tx) => revertEvents(tx, 'sale', [3], at));
    const page = await feedPage(db, { after: Number(before.slice(4)) });
    expect(page.events.map((event) => [event.type, event.data['reverted_event_id'], event.data['sale_id']])).toEqual([
      ['sale.reverted', 'evt_3', 3],
    ]);
    expect(JSON.stringify(page.events)).not.toContain('_reverts');
  });

  it('refuses a cursor that is not ours (422) and one whose events are gone (410)', async () => {
    const { db } = database;
    const status = (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (error: unknown) => (error instanceof HttpError ? error.status : 500),
      );
    expect(await status(feedPage(db, { after: 10_000 }))).toBe(422);
    await db.execute(sql`delete from events where seq <= 2`);
    expect(await status(feedPage(db, { after: 1 }))).toBe(410);
    expect(await status(feedPage(db, { after: 2 }))).toBe(200);
    expect(await sequenceEvents(db)).toBe(0);
  });
});
