/**
 * "Connect payment account": an illustrator's Stripe Connect Express account (Japan), created once (the
 * idempotency key is the illustrator's), an onboarding link from the dashboard, and its status (pending,
 * verified, restricted) kept from Stripe's answers and `account.updated` events. Yen payouts go to it as
 * transfers (./payoutTransfers.server.ts).
 *
 * @see https://docs.stripe.com/connect/express-accounts
 */
import { eq } from 'drizzle-orm';
import { HttpError } from '~/server/api/errors';
import { stripeAccounts } from '~/server/db/schema';
import type { StripeAccountStatus } from '~/server/db/schema/payments';
import type { Database, Transaction } from '~/server/db/types';
import { type StripeSettings, stripeClient } from '~/server/stripe.server';
import { type AccountFacts, accountStatus } from './connectStatus';

/** The illustrator's account as the dashboard shows it. */
export interface PaymentAccountView {
  connected: boolean;
  status: StripeAccountStatus | null;
}

/** The illustrator's payment account, read again from Stripe when there is one. */
export async function paymentAccount(
  db: Database,
  illustratorId: number,
  settings: StripeSettings,
): Promise<PaymentAccountView> {
  const [row] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.illustratorId, illustratorId));
  if (!row) return { connected: false, status: null };
  try {
    const account = await stripeClient(settings).accounts.retrieve(row.accountId);
    const status = accountStatus(account as AccountFacts);
    if (status !== row.status) {
      await db.update(stripeAccounts).set({ status }).where(eq(stripeAccounts.illustratorId, illustratorId));
    }
    return { connected: true, status };
  } catch {
    // Stripe not answering: what we knew last.
    return { connected: true, status: row.status };
  }
}

/**
 * The onboarding link for the illustrator's account, creating the account first when they have none.
 * @throws HttpError 502 (Stripe did not answer)
 */
export async function onboardingLink(
  db: Database,
  illustrator: { illustratorId: number },
  settings: StripeSettings,
  returnUrl: string,
): Promise<string> {
  const stripe = stripeClient(settings);
  try {
    let [row] = await db
      .select()
      .from(stripeAccounts)
      .where(eq(stripeAccounts.illustratorId, illustrator.illustratorId));
    if (!row) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: 'JP',
          default_currency: 'jpy',
          capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
          metadata: { illustrator_id: String(illustrator.illustratorId) },
        },
        { idempotencyKey: `kirafuda-account-${illustrator.illustratorId}` },
      );
      [row] = await db
        .insert(stripeAccounts)
        .values({
          illustratorId: illustrator.illustratorId,
          accountId: account.id,
          status: accountStatus(account as AccountFacts),
        })
        .onConflictDoNothing()
        .returning();
      row ??= (
        await db.select().from(stripeAccounts).where(eq(stripeAccounts.illustratorId, illustrator.illustratorId))
      )[0];
    }
    if (!row) throw new Error('no payment account row');
    const link = await stripe.accountLinks.create({
      account: row.accountId,
      type: 'account_onboarding',
      refresh_url: returnUrl,
      return_url: returnUrl,
    });
    return link.url;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, 'The card payment service is not answering; try again');
  }
}

/** Keeps an account's status from Stripe's `account.updated` event. */
export async function accountUpdated(tx: Transaction, account: AccountFacts & { id: string }): Promise<void> {
  await tx
    .update(stripeAccounts)
    .set({ status: accountStatus(account) })
    .where(eq(stripeAccounts.accountId, account.id));
}
