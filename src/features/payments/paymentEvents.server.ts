/**
 * What Stripe's events do, inside the transaction that records the event (so each acts once):
 * - `payment_intent.succeeded` marks the purchase paid (when the amount and currency are the drop's) and its
 *   payment succeeded; the minter then mints the card (./mintPurchases.server.ts). A payment that arrives after
 *   its hold ran out (the serial may be someone else's now) is refunded, and takes no serial back.
 * - `charge.refunded` records the refunded amount (cumulative); an undelivered purchase ends refunded, a
 *   delivered one keeps its card; the ledger takes back the illustrator's share (../ledger/cardPayments.server.ts).
 * - `charge.dispute.*` records the chargeback and its status; the ledger takes back the share while the money is
 *   withdrawn and gives it back when the dispute is won.
 * - `account.updated` keeps a connected account's status; `transfer.created` and `transfer.reversed` settle yen
 *   payouts (../ledger/yenTransfers.server.ts).
 * Statuses only move forward: a late or repeated event changes nothing.
 *
 * @see https://docs.stripe.com/api/events/types, https://docs.stripe.com/disputes/how-disputes-work
 */
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { syncCardPayment } from '~/features/ledger/cardPayments.server';
import { transferCreated, transferReversed } from '~/features/ledger/yenTransfers.server';
import { noticePurchase } from '~/features/notifications/moneyNotices.server';
import { cardPurchases, paymentDisputes, paymentHistories } from '~/server/db/schema';
import type { Transaction } from '~/server/db/types';
import { accountUpdated } from './connect.server';
import type { AccountFacts } from './connectStatus';
import { movePurchase } from './purchaseStatus.server';
import { markRefunded } from './purchases.server';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

async function paid(tx: Transaction, intent: Stripe.PaymentIntent, now: Date): Promise<void> {
  const [purchase] = await tx.select().from(cardPurchases).where(eq(cardPurchases.paymentIntentId, intent.id));
  if (!purchase) return;
  const exact = intent.amount === purchase.amountJpy && intent.currency === 'jpy';
  // Paid after its serial was released (the hold ran out): the money goes back, and no serial is taken.
  const late = purchase.status === 'expired';
  const moved = await movePurchase(tx, purchase.id, exact && !late ? 'paid' : 'refunding', ['pending', 'expired'], {
    paidAt: now,
    ...(exact ? {} : { failure: 'amount or currency differs from the drop' }),
    ...(late ? { failure: 'paid after the hold on its card ran out' } : {}),
  });
  if (moved?.status === 'paid') await noticePurchase(tx, purchase.id, 'purchase_paid');
  if (purchase.paymentId !== null) {
    await tx
      .update(paymentHistories)
      .set({ status: 'succeeded', raw: intent as unknown as Record<string, unknown>, updatedAt: now })
      .where(and(eq(paymentHistories.id, purchase.paymentId), eq(paymentHistories.status, 'pending')));
  }
}

/** The payment of a PaymentIntent, locked. */
async function paymentOf(tx: Transaction, intentId: string | undefined) {
  if (!intentId) return undefined;
  const [payment] = await tx
    .select()
    .from(paymentHistories)
    .where(and(eq(paymentHistories.provider, 'stripe'), eq(paymentHistories.providerPaymentId, intentId)))
    .for('update');
  return payment;
}

async function refunded(tx: Transaction, charge: Stripe.Charge, now: Date): Promise<void> {
  const intentId = idOf(charge.payment_intent);
  const payment = await paymentOf(tx, intentId);
  if (!payment) return;
  const amount = BigInt(payment.amount);
  const back = BigInt(charge.amount_refunded ?? 0);
  const refundedAmount = back > amount ? amount : back;
  if (refundedAmount <= BigInt(payment.refundedAmount)) return;
  const whole = refundedAmount === amount;
  await tx
    .update(paymentHistories)
    .set({
      refundedAmount: refundedAmount.toString(),
      ...(whole ? { status: 'refunded' as const } : {}),
      updatedAt: now,
    })
    .where(eq(paymentHistories.id, payment.id));
  const [purchase] = await tx.select().from(cardPurchases).where(eq(cardPurchases.paymentId, payment.id));
  // An undelivered purchase ends here; a delivered card stays with the buyer (the ledger takes the share back).
  if (purchase && whole) await markRefunded(tx, purchase, ['pending', 'paid', 'refunding', 'expired'], now);
  await syncCardPayment(tx, payment.id);
}

async function disputed(tx: Transaction, dispute: Stripe.Dispute, now: Date): Promise<void> {
  const payment = await paymentOf(tx, idOf(dispute.payment_intent));
  if (!payment || !(dispute.amount > 0)) return;
  await tx
    .insert(paymentDisputes)
    .values({ id: dispute.id, paymentId: payment.id, amount: String(dispute.amount), status: dispute.status })
    .onConflictDoUpdate({
      target: paymentDisputes.id,
      // A won or lost dispute is final: a late `updated` event cannot reopen it.
      set: {
        status: sql`case when ${paymentDisputes.status} in ('won', 'lost') then ${paymentDisputes.status} else excluded.status end`,
        updatedAt: now,
      },
    });
  await syncCardPayment(tx, payment.id);
}

/** The dispute events whose object is a dispute. */
const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
]);

/** Acts on one verified event (see the module comment). */
export async function applyStripeEvent(tx: Transaction, event: Stripe.Event, now = new Date()): Promise<void> {
  if (event.type === 'payment_intent.succeeded') await paid(tx, event.data.object, now);
  else if (event.type === 'charge.refunded') await refunded(tx, event.data.object, now);
  else if (DISPUTE_EVENTS.has(event.type)) await disputed(tx, event.data.object as Stripe.Dispute, now);
  else if (event.type === 'account.updated')
    await accountUpdated(tx, event.data.object as AccountFacts & { id: string });
  else if (event.type === 'transfer.created') await transferCreated(tx, event.data.object, now);
  else if (event.type === 'transfer.reversed') await transferReversed(tx, event.data.object, now);
}
