/**
 * Stripe's events on a real database, through the same receiver the webhook uses: a payment that arrives after
 * its hold ran out, when someone else holds that serial now, is recorded and refunded without taking the serial
 * back (it used to fail on every retry); an event whose act fails because of our own state is recorded and
 * answered, its failure kept, and applied by the retry once the state allows it.
 */
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db';
import { type StripeStandIn, startStripeStandIn } from '#tests/helpers/stripeStandIn';
import {
  cardDrops,
  cardPurchases,
  categories,
  illustrators,
  notifications,
  paymentHistories,
  stripeEvents,
  users,
} from '~/server/db/schema';
import { loadSettings } from '~/server/settings/settings.server';
import { stripeSettings } from '~/server/stripe.server';
import { mintPaidPurchases } from './mintPurchases.server';
import { PENDING_MINUTES } from './purchases.server';
import { receiveStripeEvent, retryStripeEvents } from './stripeWebhook.server';

let database: TestDatabase;
let standIn: StripeStandIn;
let dropId = 0;
const buyers: number[] = [];

const event = (payload: string) => JSON.parse(payload) as Stripe.Event;

/** The notifications about purchase `purchaseId`: kind and the user told. */
const purchaseNotices = (purchaseId: number) =>
  database.db
    .select({ kind: notifications.kind, userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.eventKey, `purchase:${purchaseId}`))
    .orderBy(notifications.id);

async function hold(userIndex: number, slot: number, createdAt = new Date()) {
  const userId = buyers[userIndex] ?? 0;
  const [payment] = await database.db
    .insert(paymentHistories)
    .values({ providerPaymentId: `pi_test_${userIndex}_${slot}`, userId, amount: '1500', currency: 'JPY' })
    .returning();
  const [purchase] = await database.db
    .insert(cardPurchases)
    .values({
      dropId,
      userId,
      buyerAddress: `0x${String(userIndex + 1).padStart(40, '0')}`,
      amountJpy: 1500,
      slot,
      paymentIntentId: payment?.providerPaymentId ?? null,
      paymentId: payment?.id ?? null,
      status: 'pending',
      createdAt,
    })
    .returning();
  if (!purchase) throw new Error('no purchase');
  return purchase;
}

beforeAll(async () => {
  [database, standIn] = await Promise.all([createTestDatabase(), startStripeStandIn()]);
  const { db } = database;
  const rows = await db
    .insert(users)
    .values([1, 2, 3].map((n) => ({ walletAddress: `0x${String(n).padStart(40, '0')}` })))
    .returning({ id: users.id });
  buyers.push(...rows.map((row) => row.id));
  const [creator] = await db
    .insert(users)
    .values({ walletAddress: `0x${'c'.repeat(40)}`, role: 'illustrator' })
    .returning();
  const [illustrator] = await db
    .insert(illustrators)
    .values({ uid: 'drop-maker', passwordHash: 'x', userId: creator?.id ?? 0, name: 'Drop maker' })
    .returning();
  const [category] = await db
    .insert(categories)
    .values({ chainId: 1, contractAddress: `0x${'d'.repeat(40)}`, name: 'Drops', creatorId: illustrator?.id ?? null })
    .returning();
  const now = Date.now();
  const [drop] = await db
    .insert(cardDrops)
    .values({
      illustratorId: illustrator?.id ?? 0,
      categoryId: category?.id ?? 0,
      chainId: 1,
      contractAddress: `0x${'d'.repeat(40)}`,
      designId: '1',
      issuedBlock: 1,
      name: 'One serial',
      image: '/media/cards/x.png',
      priceJpy: 1500,
      serials: 1,
      startsAt: new Date(now - 3_600_000),
      endsAt: new Date(now + 86_400_000),
    })
    .returning();
  dropId = drop?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await database?.close();
  await standIn?.stop();
});

describe('Stripe events that once stuck', () => {
  test('a payment after its hold ran out, the serial held by another buyer now, is refunded and takes nothing back', async () => {
    const settings = stripeSettings(
      loadSettings({
        STRIPE_SECRET_KEY: 'sk_test_events',
        STRIPE_WEBHOOK_SECRET: 'whsec_events',
        PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_events',
        STRIPE_API_BASE: standIn.base,
      }),
    );
    if (!settings) throw new Error('no settings');
    // The first buyer's hold ran out and was released; a second buyer holds the drop's only serial now.
    const late = await hold(0, 1, new Date(Date.now() - (PENDING_MINUTES + 1) * 60_000));
    await mintPaidPurchases(database.db, { chains: [], settings });
    const second = await hold(1, 1);
    expect((await database.db.select().from(cardPurchases).where(eq(cardPurchases.id, late.id)))[0]?.status).toBe(
      'expired',
    );
    // Stripe reports the first buyer's payment only now (the stand-in knows the intent by its id).
    standIn.paymentIntents.set(String(late.paymentIntentId), {
      id: late.paymentIntentId,
      object: 'payment_intent',
      amount: 1500,
      currency: 'jpy',
      status: 'requires_payment_method',
      metadata: {},
    });
    const received = await receiveStripeEvent(database.db, event(standIn.succeed(String(late.paymentIntentId))));
    expect(received).toEqual({ duplicate: false, applied: true });
    const [after] = await database.db.select().from(cardPurchases).where(eq(cardPurchases.id, late.id));
    expect(after?.status).toBe('refunding');
    const [stillHeld] = await database.db.select().from(cardPurchases).where(eq(cardPurchases.id, second.id));
    expect(stillHeld).toMatchObject({ status: 'pending', slot: 1 });
    await mintPaidPurchases(database.db, { chains: [], settings });
    expect((await database.db.select().from(cardPurchases).where(eq(cardPurchases.id, late.id)))[0]?.status).toBe(
      'refunded',
    );
    expect(standIn.requests).toContainEqual(
      expect.objectContaining({ path: '/v1/refunds', idempotencyKey: `kirafuda-refund-${late.id}` }),
    );
    // The first buyer hears of the refund once (never that it was paid: it was not theirs to mint).
    await mintPaidPurchases(database.db, { chains: [], settings });
    expect(await purchaseNotices(late.id)).toEqual([{ kind: 'purchase_refunded', userId: late.userId }]);
  }, 60_000);

  test('an event our own state refuses is recorded and answered, then applied by the retry', async () => {
    const purchase = await hold(2, 2);
    standIn.paymentIntents.set(String(purchase.paymentIntentId), {
      id: purchase.paymentIntentId,
      object: 'payment_intent',
      amount: 1500,
      currency: 'jpy',
      status: 'requires_payment_method',
      metadata: {},
    });
    // A hostile part: for a while the database refuses to record any paid purchase (as a bug in our own code would).
    await database.db.execute(
      sql`alter table card_purchases add constraint test_no_paid check (status <> 'paid') not valid`,
    );
    const paid = event(standIn.succeed(String(purchase.paymentIntentId)));
    expect(await receiveStripeEvent(database.db, paid)).toEqual({ duplicate: false, applied: false });
    // Nothing was told of a payment that was not recorded.
    expect(await purchaseNotices(purchase.id)).toEqual([]);
    const [kept] = await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, paid.id));
    expect(kept?.failure).toMatch(/test_no_paid/);
    expect(kept?.appliedAt).toBeNull();
    // Stripe sends it again: seen before, answered, still not applied.
    expect(await receiveStripeEvent(database.db, paid)).toEqual({ duplicate: true, applied: false });
    await database.db.execute(sql`alter table card_purchases drop constraint test_no_paid`);
    expect(await retryStripeEvents(database.db)).toBe(1);
    expect(await retryStripeEvents(database.db)).toBe(0);
    const [done] = await database.db.select().from(cardPurchases).where(eq(cardPurchases.id, purchase.id));
    expect(done?.status).toBe('paid');
    // The buyer hears it was paid once, when it was recorded, however often the event came.
    expect(await purchaseNotices(purchase.id)).toEqual([{ kind: 'purchase_paid', userId: purchase.userId }]);
  }, 60_000);
});
