/**
 * Yen payouts through Stripe Connect: an admin's approval of a yen payout becomes a transfer of the amount in
 * JPY to the illustrator's verified connected account (idempotency key: the payout's id, so a retried approval
 * never pays twice); the payout is paid when Stripe reports `transfer.created`, and goes back to rejected
 * (the amount returns to the illustrator's balance) on `transfer.reversed`.
 *
 * @see https://docs.stripe.com/connect/separate-charges-and-transfers
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { HttpError, unprocessable } from '~/server/api/errors';
import { payouts, payoutTransfers, stripeAccounts } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { CurrencyCode } from '../chains/currencies';
import { type StripeSettings, stripeClient } from '~/server/stripe.server';

/** Whether a payout is paid in yen through Stripe (no chain, JPY). */
export function isYenPayout(payout: { chainId: number | null; currencyCode: number }): boolean {
  return payout.chainId === null && payout.currencyCode === CurrencyCode.JPY;
}

/**
 * Checks a yen payout can be transferred before an admin approves it.
 * @throws HttpError 422 (no verified payment account)
 */
export async function assertTransferable(db: Database | Transaction, illustratorId: number): Promise<void> {
  const [account] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.illustratorId, illustratorId));
  if (account?.status !== 'verified') {
    throw unprocessable('The illustrator has no verified payment account to receive yen');
  }
}

/**
 * Transfers an approved yen payout to the illustrator's account (once: the key is the payout's id).
 * @throws HttpError 422 (no verified account), 502 (Stripe did not answer or refused)
 */
export async function transferPayout(db: Database, payoutId: number, settings: StripeSettings): Promise<string> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout || !isYenPayout(payout)) throw unprocessable('Only yen payouts are transferred through Stripe');
  const [account] = await db
    .select()
    .from(stripeAccounts)
    .where(eq(stripeAccounts.illustratorId, payout.illustratorId));
  if (account?.status !== 'verified')
    throw unprocessable('The illustrator has no verified payment account to receive yen');
  let transfer: Stripe.Transfer;
  try {
    transfer = await stripeClient(settings).transfers.create(
      {
        amount: Number(payout.amount),
        currency: 'jpy',
        destination: account.accountId,
        metadata: { payout_id: String(payout.id) },
      },
      { idempotencyKey: `kirafuda-payout-${payout.id}` },
    );
  } catch (error) {
    throw new HttpError(502, `The transfer was not made: ${(error as Error).message}`);
  }
  await db
    .insert(payoutTransfers)
    .values({ payoutId: payout.id, transferId: transfer.id, accountId: account.accountId })
    .onConflictDoNothing();
  return transfer.id;
}

async function payoutOf(tx: Transaction, transfer: Stripe.Transfer): Promise<number | undefined> {
  const fromMetadata = Number(transfer.metadata?.payout_id);
  if (Number.isInteger(fromMetadata) && fromMetadata > 0) return fromMetadata;
  const [row] = await tx.select().from(payoutTransfers).where(eq(payoutTransfers.transferId, transfer.id));
  return row?.payoutId;
}

/** `transfer.created`: the approved payout is paid. */
export async function transferCreated(tx: Transaction, transfer: Stripe.Transfer, now = new Date()): Promise<void> {
  const id = await payoutOf(tx, transfer);
  if (id === undefined) return;
  await tx
    .update(payouts)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'approved')));
}

/** `transfer.reversed`: the money came back; the payout is rejected and its amount available again. */
export async function transferReversed(tx: Transaction, transfer: Stripe.Transfer, now = new Date()): Promise<void> {
  const id = await payoutOf(tx, transfer);
  if (id === undefined) return;
  await tx
    .update(payouts)
    .set({ status: 'rejected', rejectedAt: now, reason: 'The transfer was reversed by Stripe' })
    .where(eq(payouts.id, id));
}
