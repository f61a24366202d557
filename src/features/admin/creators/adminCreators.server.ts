/**
 * Creators (illustrators) in the back office: the list (suspended ones included) and one creator with
 * every project, the money per chain and currency (the dashboard's balance query) and recent payouts.
 * Their cards are the token list filtered by creator (and contract).
 *
 * @see docs/product-spec.md §2 (/admins/creators, /admins/creators/{id}/{contract?},
 *   /admins/illustrators/{id?}/{contract?})
 */
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { payoutBalances } from '~/features/ledger/balances.server';
import { type Page, pageOffset, pageQuerySchema, toPage } from '~/lib/pagination';
import { containsPattern, keywordParam } from '~/lib/params';
import { toIso, toIsoOrNull, toNumber } from '~/lib/rowValues';
import { notFound } from '~/server/api/errors';
import type { Database } from '~/server/db/types';
import { categoriesOfCreator } from '../collections/adminCategories.server';
import { listAdminPayouts } from '../money/adminPayouts.server';
import type { AdminCreatorDetail, AdminCreatorRow } from '../shell/types';

/** Query of `GET /api/v1/admins/creators`. */
export const adminCreatorQuerySchema = pageQuerySchema
  .extend({ q: keywordParam.optional() })
  .transform((query) => ({ page: query.page, perPage: query.per_page, q: query.q }));

/** Filters of the admin creator list. */
export type AdminCreatorFilters = z.output<typeof adminCreatorQuerySchema>;

/** Payouts shown on a creator's page. */
export const CREATOR_PAYOUT_LIMIT = 10;

const COLUMNS = sql`i.id, i.uid, i.name, i.name_en, i.user_id, u.wallet_address, u.suspended, i.created_at,
    i.payout_wallet_address, i.last_login_at,
    (select count(*) from categories g where g.creator_id = i.id)::int as category_count,
    (select count(*) from cards c where c.creator_id = i.id)::int as card_count,
    (select count(*) from sales s join categories g on g.chain_id = s.chain_id and g.contract_address = s.contract_address
      where g.creator_id = i.id)::int as sales_count`;

const FROM = (where: SQL) => sql`from illustrators i join users u on u.id = i.user_id where ${where}`;

function toRow(row: Record<string, unknown>): AdminCreatorRow {
  return {
    id: toNumber(row.id),
    uid: String(row.uid),
    name: String(row.name),
    nameEn: (row.name_en as string | null) ?? null,
    userId: toNumber(row.user_id),
    walletAddress: String(row.wallet_address),
    suspended: row.suspended === true || row.suspended === 't',
    categoryCount: toNumber(row.category_count),
    cardCount: toNumber(row.card_count),
    salesCount: toNumber(row.sales_count),
    createdAt: toIso(row.created_at),
  };
}

/** One page of creators matching `filters` (name, English name, sign-in id or wallet), newest first. */
export async function listAdminCreators(db: Database, filters: AdminCreatorFilters): Promise<Page<AdminCreatorRow>> {
  const pattern = filters.q === undefined ? undefined : containsPattern(filters.q);
  const where =
    pattern === undefined
      ? sql`true`
      : sql`(i.name ilike ${pattern} or i.name_en ilike ${pattern} or i.uid ilike ${pattern}
          or u.wallet_address ilike ${pattern})`;
  const { rows } = await db.execute<Record<string, unknown>>(sql`select ${COLUMNS} ${FROM(where)}
    order by i.created_at desc, i.id desc limit ${filters.perPage} offset ${pageOffset(filters)}`);
  const counted = await db.execute<{ n: unknown }>(sql`select count(*)::int as n ${FROM(where)}`);
  return toPage(rows.map(toRow), toNumber(counted.rows[0]?.n), filters);
}

/** Creator `id` with projects, balances and recent payouts; 404 when unknown. */
export async function getAdminCreator(db: Database, id: number): Promise<AdminCreatorDetail> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`select ${COLUMNS} ${FROM(sql`i.id = ${id}`)}`);
  const row = rows[0];
  if (!row) throw notFound('No such creator');
  const payouts = await listAdminPayouts(db, { page: 1, perPage: CREATOR_PAYOUT_LIMIT, illustratorId: id });
  return {
    ...toRow(row),
    payoutWalletAddress: (row.payout_wallet_address as string | null) ?? null,
    lastLoginAt: toIsoOrNull(row.last_login_at),
    categories: await categoriesOfCreator(db, id),
    balances: await payoutBalances(db, id),
    payouts: payouts.items,
  };
}
