/**
 * The admin home: how many users, creators, projects, tokens, sales, open reports and pending payouts
 * there are, and the latest of each (with the latest audit entries), in one answer.
 *
 * @see docs/product-spec.md §2 (/admins)
 */
import { sql } from 'drizzle-orm';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { currencySymbol } from '~/features/ledger/payoutRules';
import { toDecimal, toIso, toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import { listAdminPayouts } from '../money/adminPayouts.server';
import { listAdminReports } from '../reports/adminReports.server';
import { listAudit } from '../shell/auditLog.server';
import type { AdminOverview, AdminSaleRow } from '../shell/types';
import { listUsers } from '../users/adminUsers.server';

/** How many of each recent thing the home shows. */
export const OVERVIEW_RECENT = 5;

async function counts(db: Database): Promise<AdminOverview['counts']> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`select
      (select count(*) from users)::int as users,
      (select count(*) from users where suspended)::int as suspended_users,
      (select count(*) from illustrators)::int as illustrators,
      (select count(*) from categories)::int as categories,
      (select count(*) from cards)::int as cards,
      (select count(*) from cards where hidden)::int as hidden_cards,
      (select count(*) from sales)::int as sales,
      (select count(*) from sales where sold_at >= now() - interval '30 days')::int as sales_30d,
      (select count(*) from illegal_reports where status = 'open')::int as open_reports,
      (select count(*) from payouts where status = 'requested')::int as pending_payouts`);
  const row = rows[0] ?? {};
  return {
    users: toNumber(row.users),
    suspendedUsers: toNumber(row.suspended_users),
    illustrators: toNumber(row.illustrators),
    categories: toNumber(row.categories),
    cards: toNumber(row.cards),
    hiddenCards: toNumber(row.hidden_cards),
    sales: toNumber(row.sales),
    salesLast30Days: toNumber(row.sales_30d),
    openReports: toNumber(row.open_reports),
    pendingPayouts: toNumber(row.pending_payouts),
  };
}

async function recentSales(db: Database): Promise<AdminSaleRow[]> {
  const { rows } = await db.execute<
    Record<string, unknown>
  >(sql`select s.id, s.chain_id, s.card_id, c.name as card_name,
      s.token_id, s.price, ${canonicalCurrencySql(sql`s.currency_code`)} as currency_code, s.platform_fee, s.sold_at
    from sales s left join cards c on c.id = s.card_id
    order by s.sold_at desc, s.id desc limit ${OVERVIEW_RECENT}`);
  return rows.map((row) => {
    const currencyCode = toNumber(row.currency_code);
    return {
      id: toNumber(row.id),
      chainId: toNumber(row.chain_id),
      cardId: row.card_id === null ? null : toNumber(row.card_id),
      cardName: (row.card_name as string | null) ?? null,
      tokenId: toDecimal(row.token_id),
      price: toDecimal(row.price),
      currencyCode,
      currency: currencySymbol(currencyCode),
      platformFee: toDecimal(row.platform_fee),
      soldAt: toIso(row.sold_at),
    };
  });
}

/** The admin home's counts and recent activity. */
export async function adminOverview(db: Database): Promise<AdminOverview> {
  const recent = { page: 1, perPage: OVERVIEW_RECENT };
  return {
    counts: await counts(db),
    recentUsers: (await listUsers(db, recent)).items,
    recentSales: await recentSales(db),
    openReports: (await listAdminReports(db, { ...recent, status: 'open' })).items,
    pendingPayouts: (await listAdminPayouts(db, { ...recent, status: 'requested' })).items,
    recentAudit: (await listAudit(db, { page: 1, perPage: 10 })).items,
  };
}
