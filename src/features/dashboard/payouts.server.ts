/**
 * An illustrator's payouts: the payable balance per chain and currency (payable revenues minus payouts
 * that were not rejected), the list of requests with their status, and a new request, checked against the
 * minimum and the balance under a lock so two requests at once cannot overdraw. Only payable money (what
 * the platform collected for the illustrator) can be paid out: what the chain paid straight to their
 * wallet is theirs already. Yen from card payments is paid to the illustrator's payment account, crypto to
 * their payout wallet.
 *
 * Spec §2 (/dashboard/payouts, /admins/payouts); ../trading/revenues.server.ts (payable vs received on chain).
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { chainIdParam, cryptoCurrencyCode } from '~/features/chains/params';
import { type Page, type PageRequest, pageOffset, toPage } from '~/lib/pagination';
import { toDecimal, toIsoOrNull, toNumber } from '~/lib/rowValues';
import { notFound, unprocessable } from '~/server/api/errors';
import { illustrators, payouts, users } from '~/server/db/schema';
import type { PayoutStatus } from '~/server/db/schema/finance';
import type { Database, Transaction } from '~/server/db/types';
import { CurrencyCode } from '../chains/currencies';
import { currencySymbol, payoutMinimum, payoutProblem } from './payoutRules';

/** What an illustrator can still request in one chain and currency (wei, or yen for card payments). */
export interface PayoutBalance {
  /** Null for yen from card payments. */
  chainId: number | null;
  currencyCode: number;
  currency: string;
  /** All payable revenues booked. */
  revenue: string;
  /** Payouts requested or approved, not yet paid. */
  pending: string;
  paid: string;
  /** revenue - pending - paid. */
  available: string;
  /** Smallest payout of this currency (wei), or null when it cannot be paid out. */
  minimum: string | null;
}

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
  requestedAt: string;
  approvedAt: string | null;
  paidAt: string | null;
  rejectedAt: string | null;
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

/** Balances of illustrator `illustratorId` per chain and currency. */
export async function payoutBalances(db: Database | Transaction, illustratorId: number): Promise<PayoutBalance[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`select chain_id, currency_code,
      coalesce(sum(amount) filter (where source = 'revenue'), 0) as revenue,
      coalesce(sum(amount) filter (where source = 'payout' and status in ('requested', 'approved')), 0) as pending,
      coalesce(sum(amount) filter (where source = 'payout' and status = 'paid'), 0) as paid
    from (
      select 'revenue' as source, chain_id, ${canonicalCurrencySql(sql`currency_code`)} as currency_code, amount,
        null::text as status
      from revenues where illustrator_id = ${illustratorId} and settlement = 'payable'
      union all
      select 'payout', chain_id, ${canonicalCurrencySql(sql`currency_code`)}, amount, status
      from payouts where illustrator_id = ${illustratorId} and status <> 'rejected'
    ) money
    group by chain_id, currency_code order by chain_id, currency_code`);
  return rows.map((row) => {
    const currencyCode = toNumber(row.currency_code);
    const revenue = BigInt(toDecimal(row.revenue));
    const pending = BigInt(toDecimal(row.pending));
    const paid = BigInt(toDecimal(row.paid));
    const minimum = payoutMinimum(currencyCode);
    return {
      chainId: row.chain_id === null ? null : toNumber(row.chain_id),
      currencyCode,
      currency: currencySymbol(currencyCode),
      revenue: revenue.toString(),
      pending: pending.toString(),
      paid: paid.toString(),
      available: (revenue - pending - paid).toString(),
      minimum: minimum === undefined ? null : minimum.toString(),
    };
  });
}

function toItem(row: typeof payouts.$inferSelect): PayoutItem {
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
    requestedAt: toIsoOrNull(row.requestedAt) ?? '',
    approvedAt: toIsoOrNull(row.approvedAt),
    paidAt: toIsoOrNull(row.paidAt),
    rejectedAt: toIsoOrNull(row.rejectedAt),
  };
}

/** One page of the illustrator's payout requests, newest first. */
export async function listPayouts(db: Database, illustratorId: number, page: PageRequest): Promise<Page<PayoutItem>> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.illustratorId, illustratorId))
    .orderBy(desc(payouts.requestedAt), desc(payouts.id))
    .limit(page.perPage)
    .offset(pageOffset(page));
  const [total] = await db.select({ n: count() }).from(payouts).where(eq(payouts.illustratorId, illustratorId));
  return toPage(rows.map(toItem), Number(total?.n ?? 0), page);
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
 * that chain and currency.
 */
export async function requestPayout(
  db: Database,
  illustratorId: number,
  request: z.output<typeof payoutRequestSchema>,
): Promise<PayoutItem> {
  return db.transaction(async (tx) => {
    // Locking the illustrator row serialises this illustrator's requests, so the balance read below
    // cannot be spent twice by two requests at once.
    const walletAddress = await payoutWallet(tx, illustratorId);
    const balance = (await payoutBalances(tx, illustratorId)).find(
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
    return toItem(row);
  });
}
