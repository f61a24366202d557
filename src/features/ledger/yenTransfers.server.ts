/**
 * Yen payouts through Stripe Connect. The transfer step of an approved yen payout: under the payout's row lock
 * it is marked begun (`transfer_started_at`; from then on it cannot be rejected), then Stripe is asked for a
 * transfer of the amount (less the income tax withheld at approval) to the illustrator's verified connected account with the payout's idempotency key
 * (so a retried step, after an error or a crash, gets the same transfer, never a second one), then, under the
 * lock again, the payout is `transferred`. The lock is not held while Stripe answers (the embedded database
 * is one session: holding it would stop the whole site); the mark is what a concurrent review meets.
 *
 * Stripe's events finish it: `transfer.created` marks it paid; `transfer.reversed` books what came back
 * (cumulative `amount_reversed`; whole: `reversed`), only from the statuses a transfer exists in. An admin's
 * reversal asks Stripe to reverse the rest (idempotent too).
 *
 * @see https://docs.stripe.com/connect/separate-charges-and-transfers, https://docs.stripe.com/api/transfer_reversals
 */

import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { CurrencyCode } from '~/features/chains/currencies';
import { noticePayout } from '~/features/notifications/moneyNotices.server';
import { conflict, HttpError, notFound, unprocessable } from '~/server/api/errors';
import { payouts, payoutTransfers, stripeAccounts } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { type StripeSettings, stripeClient } from '~/server/stripe.server';
import { netOf } from './tax/payoutWithholding.server';

/** Whether a payout is paid in yen (no chain, JPY). */
export function isYenPayout(payout: { chainId: number | null; currencyCode: number }): boolean {
  return payout.chainId === null && payout.currencyCode === CurrencyCode.JPY;
}

/** The illustrator's verified connected account. @throws HttpError 422 when there is none */
async function verifiedAccount(db: Database | Transaction, illustratorId: number): Promise<string> {
  const [account] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.illustratorId, illustratorId));
  if (account?.status !== 'verified') {
    throw unprocessable('The illustrator has no verified payment account to receive yen');
  }
  return account.accountId;
}

/** Checks a yen payout can be transferred before an admin approves it. @throws HttpError 422 */
export async function assertTransferable(db: Database | Transaction, illustratorId: number): Promise<void> {
  await verifiedAccount(db, illustratorId);
}

/** Marks the transfer step of approved yen payout `payoutId` begun, under its row lock; answers the payout. */
async function beginTransfer(db: Database, payoutId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) throw notFound('No such payout');
    if (!isYenPayout(payout)) throw unprocessable('Only yen payouts are transferred through Stripe');
    if (payout.status !== 'approved') throw conflict(`status: a ${payout.status} payout cannot be transferred`);
    const accountId = await verifiedAccount(tx, payout.illustratorId);
    if (payout.transferStartedAt === null) {
      await tx.update(payouts).set({ transferStartedAt: now }).where(eq(payouts.id, payoutId));
    }
    return { payout, accountId };
  });
}

/** Records transfer `transfer` of payout `payoutId` (idempotent). */
async function recordTransfer(tx: Transaction, payoutId: number, transfer: { id: string; destination: string }) {
  await tx
    .insert(payoutTransfers)
    .values({ payoutId, transferId: transfer.id, accountId: transfer.destination })
    .onConflictDoNothing();
}

/**
 * The transfer step (see the module comment). Answers the transfer's id.
 * @throws HttpError 404, 409 (not approved), 422 (no verified account), 502 (Stripe did not answer or refused:
 *   the payout stays approved with the step begun; the admin transfers again)
 */
export async function transferPayout(
  db: Database,
  payoutId: number,
  settings: StripeSettings,
  now = new Date(),
): Promise<string> {
  const { payout, accountId } = await beginTransfer(db, payoutId, now);
  // The illustrator is sent the payout less the tax withheld at approval (the platform pays that to the tax office).
  const net = await netOf(db, payout);
  let transfer: Stripe.Transfer;
  try {
    transfer = await stripeClient(settings).transfers.create(
      {
        amount: Number(net),
        currency: 'jpy',
        destination: accountId,
        transfer_group: `kirafuda-payout-${payout.id}`,
        metadata: { payout_id: String(payout.id) },
      },
      { idempotencyKey: `kirafuda-payout-${payout.id}` },
    );
  } catch (error) {
    throw new HttpError(502, `The transfer was not made: ${(error as Error).message}`);
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, payoutId)).for('update');
    await recordTransfer(tx, payoutId, { id: transfer.id, destination: accountId });
    await tx
      .update(payouts)
      .set({ status: 'transferred', transferredAt: now })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'approved')));
  });
  return transfer.id;
}

/**
 * An admin reverses a transferred or paid yen payout: Stripe reverses what has not come back yet (idempotent),
 * then the payout is `reversed` and its amount is available again.
 * @throws HttpError 404, 409 (no transfer to reverse), 502 (Stripe did not answer or refused)
 */
export async function reversePayout(
  db: Database,
  payoutId: number,
  settings: StripeSettings,
  now = new Date(),
): Promise<void> {
  const [found] = await db
    .select({ payout: payouts, transferId: payoutTransfers.transferId })
    .from(payouts)
    .leftJoin(payoutTransfers, eq(payoutTransfers.payoutId, payouts.id))
    .where(eq(payouts.id, payoutId));
  if (!found) throw notFound('No such payout');
  if (!found.transferId || !['transferred', 'paid'].includes(found.payout.status))
    throw conflict(`status: a ${found.payout.status} payout has no transfer to reverse`);
  const rest = (await netOf(db, found.payout)) - BigInt(found.payout.reversedAmount);
  let reversalId: string | undefined;
  if (rest > 0n) {
    try {
      const reversal = await stripeClient(settings).transfers.createReversal(
        found.transferId,
        { amount: Number(rest), metadata: { payout_id: String(payoutId) } },
        { idempotencyKey: `kirafuda-payout-reversal-${payoutId}` },
      );
      reversalId = reversal.id;
    } catch (error) {
      throw new HttpError(502, `The transfer was not reversed: ${(error as Error).message}`);
    }
  }
  await db.transaction(async (tx) => {
    if (reversalId) {
      await tx.update(payoutTransfers).set({ reversalId }).where(eq(payoutTransfers.payoutId, payoutId));
    }
    await tx
      .update(payouts)
      .set({ status: 'reversed', reversedAmount: found.payout.amount, reversedAt: now })
      .where(and(eq(payouts.id, payoutId), inArray(payouts.status, ['transferred', 'paid'])));
  });
}

async function payoutOf(tx: Transaction, transfer: Stripe.Transfer): Promise<number | undefined> {
  const [row] = await tx.select().from(payoutTransfers).where(eq(payoutTransfers.transferId, transfer.id));
  if (row) return row.payoutId;
  const fromMetadata = Number(transfer.metadata?.payout_id);
  return Number.isSafeInteger(fromMetadata) && fromMetadata > 0 ? fromMetadata : undefined;
}

/** A payout whose transfer exists: transferred or paid, or approved with the step begun (its answer was lost). */
const hasTransfer = or(
  inArray(payouts.status, ['transferred', 'paid']),
  and(eq(payouts.status, 'approved'), isNotNull(payouts.transferStartedAt)),
);

/** `transfer.created`: the payout is paid (and the transfer recorded, should the step's answer have been lost). */
export async function transferCreated(tx: Transaction, transfer: Stripe.Transfer, now = new Date()): Promise<void> {
  const id = await payoutOf(tx, transfer);
  if (id === undefined) return;
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  if (!payout || !isYenPayout(payout) || (await netOf(tx, payout)) !== BigInt(transfer.amount)) return;
  const destination = typeof transfer.destination === 'string' ? transfer.destination : transfer.destination?.id;
  if (destination) await recordTransfer(tx, id, { id: transfer.id, destination });
  const paid = await tx
    .update(payouts)
    .set({ status: 'paid', paidAt: now, transferredAt: payout.transferredAt ?? now })
    .where(and(eq(payouts.id, id), hasTransfer, inArray(payouts.status, ['approved', 'transferred'])))
    .returning({ id: payouts.id });
  if (paid.length > 0) await noticePayout(tx, payout, 'paid');
}

/**
 * `transfer.reversed`: books what came back (Stripe's cumulative `amount_reversed`), only for a payout whose
 * transfer exists; whole, the payout is `reversed` and its amount available again.
 */
export async function transferReversed(tx: Transaction, transfer: Stripe.Transfer, now = new Date()): Promise<void> {
  const id = await payoutOf(tx, transfer);
  if (id === undefined) return;
  const [payout] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, id), hasTransfer))
    .for('update');
  if (!payout) return;
  // What was sent is the payout less its withholding: all of that back is the whole payout back (the tax
  // is then not owed: the payout no longer counts as paid).
  const net = await netOf(tx, payout);
  const back = BigInt(transfer.amount_reversed ?? 0);
  const whole = back >= net;
  const reversed = whole ? BigInt(payout.amount) : back;
  if (reversed <= BigInt(payout.reversedAmount)) return;
  await tx
    .update(payouts)
    .set({
      reversedAmount: reversed.toString(),
      ...(whole ? { status: 'reversed' as const, reversedAt: now, reason: 'The transfer was reversed by Stripe' } : {}),
    })
    .where(eq(payouts.id, id));
}
