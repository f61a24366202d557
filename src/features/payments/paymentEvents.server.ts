/**
 * What Stripe's events do to purchases, inside the transaction that records the event (so each acts once):
 * `payment_intent.succeeded` marks the purchase paid (when the amount and currency are the drop's) and its
 * payment succeeded, after which the minter mints the card (./mintPurchases.server.ts); `charge.refunded`
 * marks it refunded; `account.updated` keeps a connected account's status; `transfer.created` and
 * `transfer.reversed` settle yen payouts. Statuses only move forward: a late or repeated event changes nothing.
 *
 * @see https://docs.stripe.com/api/events/types
 */
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { cardPurchases, paymentHistories } from '~/server/db/schema';
import type { Transaction } from '~/server/db/types';
import { accountUpdated } from './connect.server';
import type { AccountFacts } from './connectStatus';
import { transferCreated, transferReversed } from './payoutTransfers.server';
import { markRefunded } from './purchases.server';

async function paid(tx: Transaction, intent: Stripe.PaymentIntent, now: Date): Promise<void> {
  const [purchase] = await tx.select().from(cardPurchases).where(eq(cardPurchases.paymentIntentId, intent.id));
  if (!purchase) return;
  const exact = intent.amount === purchase.amountJpy && intent.currency === 'jpy';
  // Paid after its serial was released (the hold ran out): the money goes back.
  const next = !exact ? 'refunding' : purchase.status === 'expired' ? 'refunding' : 'paid';
  await tx
    .update(cardPurchases)
    .set({ status: next, paidAt: now, ...(exact ? {} : { failure: 'amount or currency differs from the drop' }) })
    .where(and(eq(cardPurchases.id, purchase.id), inArray(cardPurchases.status, ['pending', 'expired'])));
  if (purchase.paymentId !== null) {
    await tx
      .update(paymentHistories)
      .set({ status: 'succeeded', raw: intent as unknown as Record<string, unknown>, updatedAt: now })
      .where(and(eq(paymentHistories.id, purchase.paymentId), eq(paymentHistories.status, 'pending')));
  }
}

async function refunded(tx: Transaction, charge: Stripe.Charge, now: Date): Promise<void> {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId || !charge.refunded) return;
  const [purchase] = await tx.select().from(cardPurchases).where(eq(cardPurchases.paymentIntentId, intentId));
  if (purchase) await markRefunded(tx, purchase, ['pending', 'paid', 'refunding', 'expired'], now);
}

/** Acts on one verified event (see the module comment). */
export async function applyStripeEvent(tx: Transaction, event: Stripe.Event, now = new Date()): Promise<void> {
  if (event.type === 'payment_intent.succeeded') await paid(tx, event.data.object, now);
  else if (event.type === 'charge.refunded') await refunded(tx, event.data.object, now);
  else if (event.type === 'account.updated')
    await accountUpdated(tx, event.data.object as AccountFacts & { id: string });
  else if (event.type === 'transfer.created') await transferCreated(tx, event.data.object, now);
  else if (event.type === 'transfer.reversed') await transferReversed(tx, event.data.object, now);
}
