/**
 * An illustrator's payout requests: the list with their status, and a new request, checked against the
 * minimum and the available balance (./balances.server.ts) under a lock so two requests at once cannot
 * overdraw, and refused while the reconciliation holds its currency or a balance of the illustrator is below
 * zero (a reversal after a payout). Only payable money (what the platform
 * collected for the illustrator) can be paid out: what the chain paid straight to their wallet is theirs
 * already. Yen from card payments is paid to the illustrator's payment account, crypto to their payout wallet.
 *
 * Spec §2 (/dashboard/payouts, /admins/payouts); ./fillRevenues.ts (payable vs received on chain).
 */
import { count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CurrencyCode } from '~/features/chains/currencies';
import { chainIdParam, cryptoCurrencyCode } from '~/features/chains/params';
import type { Page, PageRequest } from '~/lib/pagination';
import { toIsoOrNull } from '~/lib/rowValues';
import { conflict, notFound, unprocessable } from '~/server/api/errors';
import { pagedRows } from '~/server/db/pagedRows';
import { illustrators, payouts, payoutWithholdings, users } from '~/server/db/schema';
import type { PayoutStatus } from '~/server/db/schema/finance';
import type { Database, Transaction } from '~/server/db/types';
import { negativeBalanceProblem, payoutBalances } from './balances.server';
import { currencySymbol, payoutProblem } from './payoutRules';
import { isHeld, reconcile } from './reconciliation.server';

export type { PayoutBalance } from './balances.server';

/** One payout request as the dashboard lists it. */
export interface PayoutItem {
  id: number;
  chainId: number | null;
  currencyCode: number;
  currency: string;
  amount: string;
  /** Null for a yen payout (paid to the payment account). */
  walletAddress: string | null;
  status: PayoutStatus;
  reason: string | null;
  txHash: string | null;
  /** What came back of a yen transfer (paid = amount - reversed). */
  reversedAmount: string;
  requestedAt: string;
  approvedAt: string | null;
  transferredAt: string | null;
  paidAt: string | null;
  rejectedAt: string | null;
  reversedAt: string | null;
  /**
   * The income tax withheld from it, fixed at approval (./tax/payoutWithholding.server.ts): kept back in its
   * currency, and owed in yen; null when none was.
   */
  withholding: { withheld: string; taxJpy: string } | null;
}

/**
 * Body of `POST /api/v1/dashboard/payouts`: `amount` in the currency's smallest unit (wei, or yen) as a
 * decimal string, `currency_code`, and `chain_id` for a crypto currency (none for yen).
 */
export const payoutRequestSchema = z
  .object({
    amount: z
      .string()
      .regex(/^\d{1,78}$/, 'must be a whole number of the smallest unit as a decimal string')
      .refine((value) => /^\d+$/.test(value) && BigInt(value) > 0n, 'must be more than 0'),
    currency_code: z.union([z.literal(CurrencyCode.JPY), cryptoCurrencyCode]),
    chain_id: chainIdParam.nullish(),
  })
  .superRefine((request, issues) => {
    const yen = request.currency_code === CurrencyCode.JPY;
    if (yen && request.chain_id != null)
      issues.addIssue({ code: 'custom', path: ['chain_id'], message: 'yen payouts have no chain' });
    if (!yen && request.chain_id == null)
      issues.addIssue({ code: 'custom', path: ['chain_id'], message: 'required for a crypto payout' });
  })
  .transform((request) => ({ ...request, chain_id: request.chain_id ?? null }));

/** A payout row (with what was withheld from it, when known) as the dashboard and the admin list show it. */
export function toItem(
  row: typeof payouts.$inferSelect,
  withheld?: { withheld: string; taxJpy: bigint } | null,
): PayoutItem {
  return {
    id: row.id,
    chainId: row.chainId,
    currencyCode: row.currencyCode,
    currency: currencySymbol(row.currencyCode),
    amount: row.amount,
    walletAddress: row.walletAddress,
    status: row.status,
    reason: row.reason,
    txHash: row.txHash,
    reversedAmount: row.reversedAmount,
    requestedAt: toIsoOrNull(row.requestedAt) ?? '',
    approvedAt: toIsoOrNull(row.approvedAt),
    transferredAt: toIsoOrNull(row.transferredAt),
    paidAt: toIsoOrNull(row.paidAt),
    rejectedAt: toIsoOrNull(row.rejectedAt),
    reversedAt: toIsoOrNull(row.reversedAt),
    withholding: withheld ? { withheld: withheld.withheld, taxJpy: withheld.taxJpy.toString() } : null,
  };
}

/** Why a request or an approval in a held currency is refused. */
export const HELD_MESSAGE =
  'currency: payouts in this currency are on hold while an admin checks the books (payable booked exceeds what was received)';

/** One page of the illustrator's payout requests, newest first. */
export async function listPayouts(db: Database, illustratorId: number, page: PageRequest): Promise<Page<PayoutItem>> {
  const mine = eq(payouts.illustratorId, illustratorId);
  return pagedRows(
    page,
    db
      .select({ payout: payouts, withheld: payoutWithholdings.withheld, taxJpy: payoutWithholdings.taxJpy })
      .from(payouts)
      .leftJoin(payoutWithholdings, eq(payoutWithholdings.payoutId, payouts.id))
      .where(mine)
      .orderBy(desc(payouts.requestedAt), desc(payouts.id)),
    db.select({ n: count() }).from(payouts).where(mine),
    (row) =>
      toItem(
        row.payout,
        row.withheld === null || row.taxJpy === null ? null : { withheld: row.withheld, taxJpy: row.taxJpy },
      ),
  );
}

/** The wallet crypto payouts go to: the illustrator's payout wallet, else the wallet linked to the account. */
async function payoutWallet(db: Database | Transaction, illustratorId: number): Promise<string> {
  const [row] = await db
    .select({ payout: illustrators.payoutWalletAddress, linked: users.walletAddress })
    .from(illustrators)
    .innerJoin(users, eq(users.id, illustrators.userId))
    .where(eq(illustrators.id, illustratorId))
    .for('update', { of: illustrators });
  if (!row) throw notFound('No such illustrator');
  return row.payout ?? row.linked;
}

/**
 * Requests a payout of `amount` (status `requested`): crypto to the payout wallet, yen to the payment
 * account; 422 with the reason when below the currency's minimum or above the available payable balance of
 * that chain and currency; 409 while the reconciliation holds that currency, or while any of the illustrator's
 * balances is below zero.
 */
export async function requestPayout(
  db: Database,
  illustratorId: number,
  request: z.output<typeof payoutRequestSchema>,
): Promise<PayoutItem> {
  // The books are checked first, in their own transaction, so a hold they find stays recorded.
  await reconcile(db, { chainId: request.chain_id, currencyCode: request.currency_code });
  return db.transaction(async (tx) => {
    if (await isHeld(tx, request.chain_id, request.currency_code)) throw conflict(HELD_MESSAGE);
    // Locking the illustrator row serialises this illustrator's requests, so the balance read below
    // cannot be spent twice by two requests at once.
    const walletAddress = await payoutWallet(tx, illustratorId);
    const balances = await payoutBalances(tx, illustratorId);
    const negative = negativeBalanceProblem(balances);
    if (negative) throw conflict(negative);
    const balance = balances.find(
      (entry) => entry.chainId === request.chain_id && entry.currencyCode === request.currency_code,
    );
    const amount = BigInt(request.amount);
    const problem = payoutProblem(amount, request.currency_code, BigInt(balance?.available ?? '0'));
    if (problem) throw unprocessable(`amount: ${problem}`);
    const [row] = await tx
      .insert(payouts)
      .values({
        illustratorId,
        chainId: request.chain_id,
        amount: amount.toString(),
        currencyCode: request.currency_code,
        walletAddress: request.chain_id === null ? null : walletAddress,
        status: 'requested',
      })
      .returning();
    if (!row) throw new Error('the payout was not inserted');
    return toItem(row, null);
  });
}
