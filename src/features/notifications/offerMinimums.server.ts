/**
 * The owner's minimum per collection for offers that tell them (`offer_notice_minimums`, the one writer; the
 * rule is ./offerThreshold.ts): read when an offer arrives (./orderNotices.server.ts), listed and set from the
 * notification settings (`GET/PUT /api/v1/notification_preferences/offer_minimums`).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { serverChains } from '~/features/chains/config.server';
import { unprocessable } from '~/server/api/errors';
import { categories, offerNoticeMinimums, users } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { formatOfferMinimum, isOfferMinimum, parseOfferMinimum } from './offerThreshold';

/** Collections one settings list shows, and one PUT may set, at most. */
export const OFFER_MINIMUM_COLLECTIONS = 50;

/** Body of the PUT: `{ minimums: { "<collection id>": "0.05" | "0" | null } }` (null: back to the floor rule). */
export const offerMinimumsSchema = z.strictObject({
  minimums: z
    .record(
      z.string().regex(/^[1-9]\d{0,15}$/, 'a collection id'),
      z.union([
        z.string().refine(isOfferMinimum, 'a price in the coin, e.g. "0.05", or "0" for every offer'),
        z.null(),
      ]),
    )
    .refine((value) => Object.keys(value).length <= OFFER_MINIMUM_COLLECTIONS, {
      message: `at most ${OFFER_MINIMUM_COLLECTIONS} collections`,
    }),
});

/** One collection in the owner's settings: its names, its coin and their minimum ("0.05"), or null for none. */
export interface OfferMinimumView {
  collectionId: number;
  name: string;
  nameEn: string | null;
  symbol: string;
  minPrice: string | null;
}

/** The minimum the owner of wallet `owner` set for collection `categoryId`, or undefined. */
export async function offerMinimumOf(
  db: Database | Transaction,
  owner: string,
  categoryId: number | null,
): Promise<bigint | undefined> {
  if (categoryId === null) return undefined;
  const [row] = await db
    .select({ minPrice: offerNoticeMinimums.minPrice })
    .from(offerNoticeMinimums)
    .innerJoin(users, eq(users.id, offerNoticeMinimums.userId))
    .where(and(eq(users.walletAddress, owner.toLowerCase()), eq(offerNoticeMinimums.categoryId, categoryId)));
  return row ? BigInt(row.minPrice) : undefined;
}

/** The collections `userId` holds cards of, or set a minimum for, with their minimums, by name. */
export async function offerMinimums(db: Database, userId: number): Promise<OfferMinimumView[]> {
  const { rows } = await db.execute<{
    id: unknown;
    chain_id: unknown;
    name: string;
    name_en: string | null;
    min_price: string | null;
  }>(sql`select cat.id, cat.chain_id, cat.name, cat.name_en, m.min_price::text as min_price
    from ${categories} cat
    left join ${offerNoticeMinimums} m on m.category_id = cat.id and m.user_id = ${userId}
    where not cat.hidden and (m.user_id is not null or exists (select 1 from cards c
      where c.category_id = cat.id and c.owner_address = (select wallet_address from ${users} where id = ${userId})))
    order by cat.name, cat.id limit ${OFFER_MINIMUM_COLLECTIONS}`);
  const chains = serverChains();
  return rows.map((row) => ({
    collectionId: Number(row.id),
    name: row.name,
    nameEn: row.name_en,
    symbol: chains.find((chain) => chain.chainId === Number(row.chain_id))?.nativeCurrency.symbol ?? '',
    minPrice: row.min_price === null ? null : formatOfferMinimum(BigInt(row.min_price)),
  }));
}

/**
 * Sets (or, with null, clears) `userId`'s minimums for the given collections; answers the list as
 * {@link offerMinimums} does.
 * @throws HttpError 422 naming a collection that is not on the marketplace
 */
export async function setOfferMinimums(
  db: Database,
  userId: number,
  minimums: Record<string, string | null>,
): Promise<OfferMinimumView[]> {
  const ids = Object.keys(minimums).map(Number);
  const known =
    ids.length === 0
      ? []
      : await db
          .select({ id: categories.id })
          .from(categories)
          .where(and(inArray(categories.id, ids), eq(categories.hidden, false)));
  const missing = ids.find((id) => !known.some((row) => row.id === id));
  if (missing !== undefined) throw unprocessable(`minimums: collection ${missing} is not on the marketplace`);
  await db.transaction(async (tx) => {
    for (const [id, value] of Object.entries(minimums)) {
      const where = and(eq(offerNoticeMinimums.userId, userId), eq(offerNoticeMinimums.categoryId, Number(id)));
      if (value === null) {
        await tx.delete(offerNoticeMinimums).where(where);
        continue;
      }
      const minPrice = parseOfferMinimum(value).toString();
      await tx
        .insert(offerNoticeMinimums)
        .values({ userId, categoryId: Number(id), minPrice })
        .onConflictDoUpdate({
          target: [offerNoticeMinimums.userId, offerNoticeMinimums.categoryId],
          set: { minPrice },
        });
    }
  });
  return offerMinimums(db, userId);
}
