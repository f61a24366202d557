/**
 * The webhook outbox over a real database, with a stand-in endpoint (a function): events fan out to the endpoints
 * whose types they match, go out in order, a failure holds the rest back with a growing wait, and an endpoint
 * failing for the whole retry window is disabled, its deliveries kept as failed and its owner notified.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db';
import { recordEvent, sequenceEvents } from '~/features/events/marketEvents.server';
import { notifications, users, webhookDeliveries, webhooks } from '~/server/db/schema';
import { type Deliver, fanOut, retryDelayMs, sendDueDeliveries } from './outbox.server';

let database: TestDatabase;
let userId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ walletAddress: '0x00000000000000000000000000000000000000aa' })
    .returning({ id: users.id });
  userId = user?.id ?? 0;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const settings = { retryBaseMs: 1_000, retryWindowMs: 3 * 86_400_000 };
const at = new Date('2026-11-01T00:00:00Z');

async function newEvent(n: number, type: 'sale' | 'transfer' = 'sale') {
  await recordEvent(database.db, { type, factKey: `${type}:${n}`, data: { n }, occurredAt: at });
}

describe('the webhook outbox', () => {
  it('waits longer after each failure, with jitter, up to six hours', () => {
    expect(retryDelayMs(1, 1_000, () => 0)).toBe(500);
    expect(retryDelayMs(1, 1_000, () => 1)).toBe(1_000);
    expect(retryDelayMs(4, 1_000, () => 1)).toBe(8_000);
    expect(retryDelayMs(40, 1_000, () => 1)).toBe(6 * 3_600_000);
  });

  it('delivers in order, holds the rest back after a failure, and disables an endpoint failing for the window', async () => {
    const { db } = database;
    const [hook] = await db
      .insert(webhooks)
      .values({
        userId,
        url: 'https://hooks.example.com/',
        eventTypes: ['sale'],
        secret: 'whsec_AAAA',
        nextAttemptAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    if (!hook) throw new Error('no webhook');
    for (const n of [1, 2, 3]) await newEvent(n);
    await newEvent(4, 'transfer');
    await sequenceEvents(db);
    expect(await fanOut(db)).toBe(3);
    expect(await fanOut(db)).toBe(0);

    const sent: string[] = [];
    let answer = 200;
    const deliver: Deliver = async (_url, body, headers) => {
      sent.push(`${headers['webhook-id']}:${answer}`);
      expect(JSON.parse(body).id).toBe(headers['webhook-id']);
      return { status: answer };
    };
    answer = 500;
    const first = new Date('2026-11-02T00:00:00Z');
    expect(await sendDueDeliveries(db, deliver, settings, first)).toBe(0);
    // The first failure holds the endpoint: nothing else is tried before its wait ends.
    expect(sent).toEqual(['evt_1:500']);
    expect(await sendDueDeliveries(db, deliver, settings, new Date(first.getTime() + 100))).toBe(0);
    expect(sent).toHaveLength(1);
    answer = 200;
    await db.update(webhooks).set({ nextAttemptAt: first }).where(eq(webhooks.id, hook.id));
    expect(await sendDueDeliveries(db, deliver, settings, new Date(first.getTime() + 1))).toBe(3);
    expect(sent).toEqual(['evt_1:500', 'evt_1:200', 'evt_2:200', 'evt_3:200']);

    // Failing from now on: past the window the endpoint is disabled, its owner told.
    await newEvent(5);
    await sequenceEvents(db);
    await fanOut(db);
    answer = 503;
    await db.update(webhooks).set({ nextAttemptAt: first }).where(eq(webhooks.id, hook.id));
    await sendDueDeliveries(db, deliver, settings, first);
    await db
      .update(webhooks)
      .set({ nextAttemptAt: first, failingSince: new Date(Date.now() - settings.retryWindowMs - 1_000) })
      .where(eq(webhooks.id, hook.id));
    await sendDueDeliveries(db, deliver, settings, first);
    const [after] = await db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(after).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const statuses = await db
      .select({ seq: webhookDeliveries.eventSeq, status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .orderBy(webhookDeliveries.eventSeq);
    expect(statuses.map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered', 'failed']);
    const told = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(told.map((row) => row.kind)).toEqual(['webhook_disabled']);
    // A disabled endpoint gets nothing more.
    const count = sent.length;
    await db.execute(sql`update webhooks set next_attempt_at = ${first}`);
    await sendDueDeliveries(db, deliver, settings, first);
    expect(sent).toHaveLength(count);
  });
});
