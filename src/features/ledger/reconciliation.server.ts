/**
 * The ledger's invariant, checked always: per chain and currency, the payable booked from fills is at most
 * what the chain shows reached the platform's payment address (receipts), and per fiat currency the payable
 * booked from card payments is at most what the provider kept (succeeded, less refunded, less withdrawn by
 * disputes not won); and sale by sale, each payable entry of a fill matches the receipt it consumed
 * (./receiptMatching.server.ts). A currency found short, or with a mismatched entry, gets a hold: payouts in it
 * wait until an admin resolves the hold with a note; a hold resolved comes back only if the shortfall or the
 * mismatches grow past what the admin saw.
 *
 * Run before each payout request and review (for its currency), by a job, and when an admin opens the
 * revenue page. The queries read sums over indexed rows (payable entries are a small part of all revenue).
 */
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { CurrencyCode } from '~/features/chains/currencies';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { toDecimal, toNumber } from '~/lib/rowValues';
import { reconciliationHolds } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { receiptMismatches } from './receiptMatching.server';

/** Booked vs received in one currency (`chainId` null: a fiat currency of card payments). */
export interface CurrencyBooks {
  chainId: number | null;
  currencyCode: number;
  booked: string;
  received: string;
  /** booked - received when positive, else '0'. */
  shortfall: string;
  /** Payable entries of fills in this currency that do not match their receipt (./receiptMatching.server.ts). */
  mismatches: number;
}

/** An open hold. */
export interface ReconciliationHold {
  id: number;
  chainId: number | null;
  currencyCode: number;
  booked: string;
  received: string;
  mismatches: number;
  detectedAt: string;
}

const canon = (column: SQL) => canonicalCurrencySql(column);
/** A card payment's ISO currency as our currency code. */
const fiatCode = sql.raw(
  `(case p.currency when 'JPY' then ${CurrencyCode.JPY} when 'USD' then ${CurrencyCode.USD} end)`,
);

/** Booked vs received in every currency (or in one: `only`). */
export async function currencyBooks(
  db: Database | Transaction,
  only?: { chainId: number | null; currencyCode: number },
): Promise<CurrencyBooks[]> {
  const chainFilter = (column: SQL) =>
    only === undefined ? sql`true` : only.chainId === null ? sql`${column} is null` : sql`${column} = ${only.chainId}`;
  const currencyFilter = (column: SQL) =>
    only === undefined ? sql`true` : sql`${canon(column)} = ${canon(sql`${only.currencyCode}`)}`;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select chain_id, currency_code, coalesce(sum(booked), 0) as booked, coalesce(sum(received), 0) as received
    from (
      select chain_id, ${canon(sql`currency_code`)} as currency_code, amount as booked, 0::numeric as received
      from revenues where settlement = 'payable' and ${chainFilter(sql`chain_id`)} and ${currencyFilter(sql`currency_code`)}
      union all
      select chain_id, ${canon(sql`currency_code`)}, 0, amount
      from platform_receipts
      where reversed_at is null and ${chainFilter(sql`chain_id`)} and ${currencyFilter(sql`currency_code`)}
      union all
      select null, ${fiatCode}, 0,
        p.amount - p.refunded_amount - coalesce((select sum(d.amount) from payment_disputes d
          where d.payment_id = p.id and d.status not like 'warning%' and d.status <> 'won'), 0)
      from payment_histories p
      where p.status in ('succeeded', 'refunded') and ${chainFilter(sql`null::integer`)}
        and ${currencyFilter(fiatCode)}
    ) books
    group by chain_id, currency_code order by chain_id nulls first, currency_code`);
  const mismatched = await receiptMismatches(db);
  return rows.map((row) => {
    const booked = BigInt(toDecimal(row.booked));
    const received = BigInt(toDecimal(row.received));
    const chainId = row.chain_id === null ? null : toNumber(row.chain_id);
    const currencyCode = toNumber(row.currency_code);
    return {
      chainId,
      currencyCode,
      booked: booked.toString(),
      received: received.toString(),
      shortfall: (booked > received ? booked - received : 0n).toString(),
      mismatches: mismatched.filter((entry) => entry.chainId === chainId && entry.currencyCode === currencyCode).length,
    };
  });
}

const sameCurrency = (chainId: number | null, currencyCode: number) =>
  and(
    chainId === null ? isNull(reconciliationHolds.chainId) : eq(reconciliationHolds.chainId, chainId),
    eq(reconciliationHolds.currencyCode, currencyCode),
  );

/**
 * Checks the books (all currencies, or `only`) and opens a hold on each currency found short (see the module
 * comment); answers the books.
 */
export async function reconcile(
  db: Database,
  only?: { chainId: number | null; currencyCode: number },
): Promise<CurrencyBooks[]> {
  const books = await currencyBooks(db, only);
  for (const book of books) {
    const shortfall = BigInt(book.shortfall);
    if (shortfall === 0n && book.mismatches === 0) continue;
    await db.transaction(async (tx) => {
      const [open] = await tx
        .select()
        .from(reconciliationHolds)
        .where(and(sameCurrency(book.chainId, book.currencyCode), isNull(reconciliationHolds.resolvedAt)));
      if (open) {
        await tx
          .update(reconciliationHolds)
          .set({ booked: book.booked, received: book.received, mismatches: book.mismatches })
          .where(eq(reconciliationHolds.id, open.id));
        return;
      }
      const [seen] = await tx
        .select()
        .from(reconciliationHolds)
        .where(and(sameCurrency(book.chainId, book.currencyCode), isNotNull(reconciliationHolds.resolvedAt)))
        .orderBy(desc(reconciliationHolds.resolvedAt))
        .limit(1);
      const seenShortfall = seen ? BigInt(seen.booked) - BigInt(seen.received) : 0n;
      if (seen && shortfall <= seenShortfall && book.mismatches <= seen.mismatches) return;
      await tx
        .insert(reconciliationHolds)
        .values({
          chainId: book.chainId,
          currencyCode: book.currencyCode,
          booked: book.booked,
          received: book.received,
          mismatches: book.mismatches,
        })
        .onConflictDoNothing();
      console.warn(
        `[ledger] chain ${book.chainId ?? 'card payments'}, currency ${book.currencyCode}: ${book.booked} booked payable, ${book.received} received; payouts held`,
      );
    });
  }
  return books;
}

/** The open holds. */
export async function openHolds(db: Database | Transaction): Promise<ReconciliationHold[]> {
  const rows = await db.select().from(reconciliationHolds).where(isNull(reconciliationHolds.resolvedAt));
  return rows.map((row) => ({
    id: row.id,
    chainId: row.chainId,
    currencyCode: row.currencyCode,
    booked: row.booked,
    received: row.received,
    mismatches: row.mismatches,
    detectedAt: row.detectedAt.toISOString(),
  }));
}

/** Whether payouts in a currency are held now. */
export async function isHeld(db: Database | Transaction, chainId: number | null, currencyCode: number) {
  const [row] = await db
    .select({ id: reconciliationHolds.id })
    .from(reconciliationHolds)
    .where(and(sameCurrency(chainId, currencyCode), isNull(reconciliationHolds.resolvedAt)));
  return row !== undefined;
}

/** An admin resolves hold `id` with what they found; false when it was not open. */
export async function resolveHold(
  db: Database | Transaction,
  id: number,
  adminId: number,
  note: string,
  now = new Date(),
): Promise<boolean> {
  const resolved = await db
    .update(reconciliationHolds)
    .set({ resolvedAt: now, resolvedBy: adminId, note })
    .where(and(eq(reconciliationHolds.id, id), isNull(reconciliationHolds.resolvedAt)))
    .returning({ id: reconciliationHolds.id });
  return resolved.length > 0;
}
