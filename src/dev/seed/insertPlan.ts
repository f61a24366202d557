/**
 * Inserts a {@link DemoPlan}, turning its natural keys (wallets, uids, contract + token id, order and
 * transaction hashes) into the database ids of the rows inserted before. Runs inside the caller's
 * transaction.
 *
 * @see ./demo.ts
 */
import { eq, sql } from 'drizzle-orm';
import {
  admins,
  auctions,
  auditLog,
  cards,
  categories,
  fillBookings,
  illegalReports,
  illustrators,
  offers,
  paymentHistories,
  payouts,
  revenues,
  sales,
  sellOrders,
  users,
} from '~/server/db/schema/index.ts';
import type { Database, Transaction } from '~/server/db/types.ts';
import { DEMO_ADMIN } from './accounts.ts';
import type { DemoPlan } from './demoPlan.ts';

/** Options of {@link insertDemoPlan}. */
export interface InsertDemoPlanOptions {
  /** The argon2id hash to store for the illustrator `uid`. */
  passwordHashOf: (uid: string) => string;
}

/** Rows written per table by {@link insertDemoPlan}. */
export interface InsertedCounts {
  users: number;
  illustrators: number;
  categories: number;
  cards: number;
  sellOrders: number;
  auctions: number;
  offers: number;
  sales: number;
  revenues: number;
  payouts: number;
  illegalReports: number;
  paymentHistories: number;
}

/**
 * The id of each inserted row by its natural key (`keyOf`): a lookup that throws when a planned reference has no
 * row, so a broken plan fails loudly.
 */
function lookup<R extends { id: number }, K>(
  rows: readonly R[],
  keyOf: (row: R) => K,
  what: string,
): (key: K) => number {
  const map = new Map(rows.map((row) => [keyOf(row), row.id] as const));
  return (key) => {
    const value = map.get(key);
    if (value === undefined) throw new Error(`demo seed: no ${what} for ${String(key)}`);
    return value;
  };
}

/** An audit log row of the demo admin. */
function audit(
  adminId: number,
  action: string,
  targetType: string,
  targetId: number,
  data: Record<string, unknown>,
  at: Date,
): typeof auditLog.$inferInsert {
  return { adminId, action, targetType, targetId: String(targetId), data, at };
}

/** The audit rows of one reviewed payout: its approval, then its payment, or its rejection. */
function payoutAudit(
  adminId: number,
  id: number | undefined,
  payout: DemoPlan['payouts'][number],
): (typeof auditLog.$inferInsert)[] {
  if (id === undefined || !payout.reviewed) return [];
  const data = (from: string, to: string) => ({
    from,
    to,
    amount: payout.amount,
    currencyCode: payout.currencyCode,
    chainId: payout.chainId ?? null,
    reason: payout.reason ?? null,
    txHash: to === 'paid' ? (payout.txHash ?? null) : null,
  });
  const rows: (typeof auditLog.$inferInsert)[] = [];
  if (payout.approvedAt)
    rows.push(audit(adminId, 'payout.approve', 'payout', id, data('requested', 'approved'), payout.approvedAt));
  if (payout.paidAt) rows.push(audit(adminId, 'payout.pay', 'payout', id, data('approved', 'paid'), payout.paidAt));
  if (payout.rejectedAt)
    rows.push(audit(adminId, 'payout.reject', 'payout', id, data('requested', 'rejected'), payout.rejectedAt));
  return rows;
}

/** `chain:contract:token` key of a card. */
const tokenKey = (chainId: number, contract: string, tokenId: string): string => `${chainId}:${contract}:${tokenId}`;

/** Inserts every row of `plan` in dependency order; users are upserted by wallet address. */
export async function insertDemoPlan(
  tx: Database | Transaction,
  plan: DemoPlan,
  options: InsertDemoPlanOptions,
): Promise<InsertedCounts> {
  const [admin] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.uid, DEMO_ADMIN.uid));
  const adminId = admin?.id ?? null;

  const userRows = await tx
    .insert(users)
    .values(plan.users)
    .onConflictDoUpdate({
      target: users.walletAddress,
      set: { role: sql`excluded.role`, profileName: sql`excluded.profile_name` },
    })
    .returning({ id: users.id, walletAddress: users.walletAddress });
  const userId = lookup(userRows, (row) => row.walletAddress, 'user');

  const illustratorRows = await tx
    .insert(illustrators)
    .values(
      plan.illustrators.map(({ walletAddress, ...row }) => ({
        ...row,
        userId: userId(walletAddress),
        passwordHash: options.passwordHashOf(row.uid),
      })),
    )
    .returning({ id: illustrators.id, uid: illustrators.uid });
  const illustratorId = lookup(illustratorRows, (row) => row.uid, 'illustrator');

  const categoryRows = await tx
    .insert(categories)
    .values(plan.categories.map(({ creatorUid, ...row }) => ({ ...row, creatorId: illustratorId(creatorUid) })))
    .returning({ id: categories.id, contractAddress: categories.contractAddress });
  const categoryId = lookup(categoryRows, (row) => row.contractAddress, 'category');

  const cardRows = await tx
    .insert(cards)
    .values(
      plan.cards.map(({ creatorUid, position: _position, ...row }) => ({
        ...row,
        categoryId: categoryId(row.contractAddress),
        creatorId: illustratorId(creatorUid),
      })),
    )
    .returning({
      id: cards.id,
      chainId: cards.chainId,
      contractAddress: cards.contractAddress,
      tokenId: cards.tokenId,
    });
  const cardId = lookup(cardRows, (row) => tokenKey(row.chainId, row.contractAddress, row.tokenId), 'card');
  const cardOf = (row: { chainId: number; contractAddress: string; tokenId: string }) =>
    cardId(tokenKey(row.chainId, row.contractAddress, row.tokenId));

  const orderRows = await tx
    .insert(sellOrders)
    .values(plan.orders.map((row) => ({ ...row, cardId: cardOf(row) })))
    .returning({ id: sellOrders.id, orderHash: sellOrders.orderHash });
  const orderId = lookup(orderRows, (row) => row.orderHash, 'order');

  const auctionRows = plan.auctions.length
    ? await tx
        .insert(auctions)
        .values(plan.auctions.map(({ orderHash, ...row }) => ({ ...row, sellOrderId: orderId(orderHash) })))
        .returning({ id: auctions.id })
    : [];
  const offerRows = plan.offers.length
    ? await tx
        .insert(offers)
        .values(plan.offers.map((row) => ({ ...row, categoryId: categoryId(row.contractAddress) })))
        .returning({ id: offers.id })
    : [];

  const saleRows = await tx
    .insert(sales)
    .values(plan.sales.map(({ orderHash, ...row }) => ({ ...row, orderId: orderId(orderHash), cardId: cardOf(row) })))
    .returning({
      chainId: sales.chainId,
      txHash: sales.txHash,
      logIndex: sales.logIndex,
      blockNumber: sales.blockNumber,
      soldAt: sales.soldAt,
      price: sales.price,
      platformFee: sales.platformFee,
      currencyCode: sales.currencyCode,
    });
  // The ledger's record of each fill a planned revenue was booked from.
  const booked = new Set(plan.revenues.flatMap((row) => (row.txHash === undefined ? [] : [row.txHash])));
  const fillRows = booked.size
    ? await tx
        .insert(fillBookings)
        .values(saleRows.filter((row) => booked.has(row.txHash)))
        .returning({ id: fillBookings.id, txHash: fillBookings.txHash })
    : [];
  const fillId = lookup(fillRows, (row) => row.txHash, 'fill');

  const payoutRows = await tx
    .insert(payouts)
    .values(
      plan.payouts.map(({ uid, reviewed, ...row }) => ({
        ...row,
        illustratorId: illustratorId(uid),
        reviewedBy: reviewed ? adminId : null,
      })),
    )
    .returning({ id: payouts.id });

  const reportRows = await tx
    .insert(illegalReports)
    .values(
      plan.reports.map(({ reporterWallet, resolved, ...row }) => ({
        ...row,
        cardId: cardOf({ chainId: row.chainId ?? 0, contractAddress: row.contractAddress ?? '', tokenId: row.tokenId }),
        reporterUserId: userId(reporterWallet),
        resolvedBy: resolved ? adminId : null,
      })),
    )
    .returning({ id: illegalReports.id });

  // The demo admin's decisions, as the back office would have logged them (its action log and home page).
  if (adminId !== null) {
    const entries = [
      ...plan.payouts.flatMap((payout, i) => payoutAudit(adminId, payoutRows[i]?.id, payout)),
      ...plan.reports.flatMap((report, i) => {
        const id = reportRows[i]?.id;
        if (id === undefined || report.status === 'open' || !report.resolvedAt) return [];
        const data = { from: 'open', to: report.status };
        return [audit(adminId, 'report.status', 'illegal_report', id, data, report.resolvedAt)];
      }),
    ];
    if (entries.length > 0) await tx.insert(auditLog).values(entries);
  }

  const paymentRows = await tx
    .insert(paymentHistories)
    .values(
      plan.payments.map(({ userWallet, chainId, contractAddress, tokenId, ...row }) => ({
        ...row,
        refundedAmount: row.status === 'refunded' ? row.amount : '0',
        userId: userId(userWallet),
        cardId: cardOf({ chainId, contractAddress, tokenId }),
      })),
    )
    .returning({ id: paymentHistories.id, providerPaymentId: paymentHistories.providerPaymentId });

  const paymentId = lookup(paymentRows, (row) => row.providerPaymentId, 'payment');

  const revenueRows = await tx
    .insert(revenues)
    .values(
      plan.revenues.map(({ txHash, providerPaymentId, uid, ...row }) => ({
        ...row,
        entry: providerPaymentId === undefined ? ('sale' as const) : ('card_payment' as const),
        fillId: txHash === undefined ? null : fillId(txHash),
        paymentId: providerPaymentId === undefined ? null : paymentId(providerPaymentId),
        illustratorId: illustratorId(uid),
      })),
    )
    .returning({ id: revenues.id });

  return {
    users: userRows.length,
    illustrators: illustratorRows.length,
    categories: categoryRows.length,
    cards: cardRows.length,
    sellOrders: orderRows.length,
    auctions: auctionRows.length,
    offers: offerRows.length,
    sales: saleRows.length,
    revenues: revenueRows.length,
    payouts: payoutRows.length,
    illegalReports: reportRows.length,
    paymentHistories: paymentRows.length,
  };
}
