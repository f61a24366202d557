/**
 * Card (fiat) payment records in the back office: the payment provider's payments with the user and
 * card they belong to, filterable by status, currency, date range (Japan time) and a keyword matching
 * the provider's payment id or the user's wallet.
 *
 * @see docs/product-spec.md §2 (/admins/stripe_payment_histories)
 */
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Page, pageQuerySchema } from '~/lib/pagination';
import { keywordParam } from '~/lib/params';
import { toIso } from '~/lib/rowValues';
import { containsIfGiven, eqIfGiven } from '~/server/db/listConditions';
import { pagedRows } from '~/server/db/pagedRows';
import { cards, PAYMENT_STATUSES, paymentHistories, users } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { AdminPaymentRow } from '../shell/types';

/** A calendar date `YYYY-MM-DD` that exists. */
const realDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'must be a real date');

/** Query of `GET /api/v1/admins/payment_histories`. */
export const adminPaymentQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(PAYMENT_STATUSES).optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
      .transform((value) => value.toUpperCase())
      .optional(),
    from: realDate.optional(),
    to: realDate.optional(),
    q: keywordParam.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'must not be after to',
    path: ['from'],
  })
  .transform((query) => ({
    page: query.page,
    perPage: query.per_page,
    status: query.status,
    currency: query.currency,
    from: query.from,
    to: query.to,
    q: query.q,
  }));

/** Filters of the payment list. */
export type AdminPaymentFilters = z.output<typeof adminPaymentQuerySchema>;

const tokyoDay = (date: string, plusDays = 0) =>
  sql`((${date})::date + ${plusDays}::int)::timestamp at time zone 'Asia/Tokyo'`;

function where(filters: AdminPaymentFilters): SQL | undefined {
  return and(
    eqIfGiven(paymentHistories.status, filters.status),
    eqIfGiven(paymentHistories.currency, filters.currency),
    filters.from === undefined ? undefined : gte(paymentHistories.createdAt, tokyoDay(filters.from)),
    filters.to === undefined ? undefined : lt(paymentHistories.createdAt, tokyoDay(filters.to, 1)),
    containsIfGiven(filters.q, [paymentHistories.providerPaymentId, users.walletAddress]),
  );
}

/** One page of payments matching `filters`, newest first. */
export async function listAdminPayments(db: Database, filters: AdminPaymentFilters): Promise<Page<AdminPaymentRow>> {
  const condition = where(filters);
  const rows = db
    .select({
      payment: paymentHistories,
      userWallet: users.walletAddress,
      cardName: cards.name,
      cardChainId: cards.chainId,
      cardContract: cards.contractAddress,
      cardTokenId: cards.tokenId,
    })
    .from(paymentHistories)
    .leftJoin(users, eq(users.id, paymentHistories.userId))
    .leftJoin(cards, eq(cards.id, paymentHistories.cardId))
    .where(condition)
    .orderBy(desc(paymentHistories.createdAt), desc(paymentHistories.id));
  const total = db
    .select({ n: count() })
    .from(paymentHistories)
    .leftJoin(users, eq(users.id, paymentHistories.userId))
    .where(condition);
  return pagedRows(
    filters,
    rows,
    total,
    ({ payment, userWallet, cardName, cardChainId, cardContract, cardTokenId }) => ({
      id: payment.id,
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      user: payment.userId === null || userWallet === null ? null : { id: payment.userId, walletAddress: userWallet },
      card:
        payment.cardId === null || cardChainId === null
          ? null
          : {
              id: payment.cardId,
              name: cardName ?? '',
              chainId: cardChainId,
              contractAddress: cardContract ?? '',
              tokenId: cardTokenId ?? '',
            },
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      createdAt: toIso(payment.createdAt),
      updatedAt: toIso(payment.updatedAt),
    }),
  );
}
