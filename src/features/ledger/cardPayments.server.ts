/**
 * Books card payments into the ledger: {@link syncCardPayment} reads one payment's facts (its amount, whether
 * its card was minted to the buyer, what was refunded, its disputes) under the payment's row lock and adds the
 * entries that are missing (./cardPaymentEntries.ts). The webhook calls it after each refund or dispute event,
 * the minter after a delivery; calling it again adds nothing.
 *
 * @see https://docs.stripe.com/disputes/how-disputes-work
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CurrencyCode } from '~/features/chains/currencies';
import { cardPaymentFees, cardPurchases, paymentDisputes, paymentHistories, revenues } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { cardCreator } from './cardCreator.server';
import { type CardPaymentEntry, type CardPaymentFees, cardPaymentEntriesToBook } from './cardPaymentEntries';

/** What the platform keeps of card payments, and how long their payable yen waits before a payout. */
export interface CardPaymentSettings extends CardPaymentFees {
  /** Days a delivered card payment's payable share waits (chargebacks land first). */
  payableHoldDays: number;
}

/** Defaults when no admin set them: 10 % platform fee, 3.6 % provider fee, 14 days. */
export const DEFAULT_CARD_PAYMENT_SETTINGS: CardPaymentSettings = {
  platformFeeBps: 1000,
  providerFeeBps: 360,
  payableHoldDays: 14,
};

/** The settings in force (the admin's row, or the defaults). */
export async function cardPaymentSettings(db: Database | Transaction): Promise<CardPaymentSettings> {
  const [row] = await db
    .select({
      platformFeeBps: cardPaymentFees.platformFeeBps,
      providerFeeBps: cardPaymentFees.providerFeeBps,
      payableHoldDays: cardPaymentFees.payableHoldDays,
    })
    .from(cardPaymentFees)
    .where(eq(cardPaymentFees.id, 1));
  return row ?? DEFAULT_CARD_PAYMENT_SETTINGS;
}

/** Currency codes of card payments by ISO 4217 code. */
const FIAT_CODES: Readonly<Record<string, number>> = { JPY: CurrencyCode.JPY, USD: CurrencyCode.USD };

/**
 * Adds the missing ledger entries of card payment `paymentId` (see the module comment); answers what it
 * added. Run it inside the transaction that recorded the fact.
 */
export async function syncCardPayment(tx: Transaction, paymentId: number): Promise<CardPaymentEntry[]> {
  const [payment] = await tx.select().from(paymentHistories).where(eq(paymentHistories.id, paymentId)).for('update');
  const currencyCode = payment ? FIAT_CODES[payment.currency] : undefined;
  if (!payment || payment.cardId === null || currencyCode === undefined) return [];
  if (payment.status !== 'succeeded' && payment.status !== 'refunded') return [];
  const [delivered] = await tx
    .select({ id: cardPurchases.id })
    .from(cardPurchases)
    .where(and(eq(cardPurchases.paymentId, paymentId), eq(cardPurchases.status, 'minted')));
  const creator = await cardCreator(tx, payment.cardId);
  if (!delivered || !creator) return [];
  const disputes = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.paymentId, paymentId));
  const booked = await tx
    .select({ entry: revenues.entry, ref: revenues.ref, amount: revenues.amount })
    .from(revenues)
    .where(
      and(
        eq(revenues.paymentId, paymentId),
        inArray(revenues.entry, ['card_payment', 'refund', 'dispute', 'dispute_won']),
      ),
    );
  const added = cardPaymentEntriesToBook(
    {
      amount: BigInt(payment.amount),
      delivered: true,
      refunded: BigInt(payment.refundedAmount),
      disputes: disputes.map((dispute) => ({ id: dispute.id, amount: BigInt(dispute.amount), status: dispute.status })),
      fees: await cardPaymentSettings(tx),
    },
    booked.map((row) => ({ entry: row.entry, ref: row.ref, amount: BigInt(row.amount) })),
  );
  if (added.length === 0) return [];
  const now = new Date();
  await tx
    .insert(revenues)
    .values(
      added.map((entry) => ({
        illustratorId: creator.illustratorId,
        paymentId,
        kind: 'primary' as const,
        settlement: 'payable' as const,
        entry: entry.entry,
        ref: entry.ref,
        chainId: null,
        amount: entry.amount.toString(),
        currencyCode,
        // The delivery counts from the payment (its hold window starts there); reversals from now.
        createdAt: entry.entry === 'card_payment' ? payment.createdAt : now,
      })),
    )
    .onConflictDoNothing();
  return added;
}
