/**
 * Books an illustrator's revenue from a sale, for the dashboard and payouts: a sale by the card's creator
 * is a primary sale (the creator keeps the price less the platform fee and any royalty paid to someone
 * else); a resale pays the creator the ERC-2981 royalty. Booking the same sale again changes nothing (one
 * revenue per sale, illustrator and kind).
 *
 * @see /work/shared/spec/marketplace-spec.md §2 (/dashboard/revenues, /dashboard/payouts)
 * @see ERC-2981
 */
import { eq, sql } from 'drizzle-orm';
import { cards, categories, illustrators, revenues, sales, users } from '../../server/db/schema';
import type { Database, Transaction } from '../../server/db/types';

/** What {@link bookSaleRevenues} booked: nothing when the card has no creator or the royalty was zero. */
export type BookedRevenue = { kind: 'primary' | 'royalty'; illustratorId: number; amount: string } | null;

/** Books the revenue of sale `saleId` (see the module comment). */
export async function bookSaleRevenues(db: Database | Transaction, saleId: number): Promise<BookedRevenue> {
  const [row] = await db
    .select({
      chainId: sales.chainId,
      seller: sales.sellerAddress,
      price: sales.price,
      platformFee: sales.platformFee,
      royalty: sales.royalty,
      currencyCode: sales.currencyCode,
      soldAt: sales.soldAt,
      illustratorId: illustrators.id,
      creatorWallet: users.walletAddress,
    })
    .from(sales)
    .innerJoin(
      cards,
      sql`${cards.id} = ${sales.cardId} or (${sales.cardId} is null and ${cards.chainId} = ${sales.chainId}
        and ${cards.contractAddress} = ${sales.contractAddress} and ${cards.tokenId} = ${sales.tokenId})`,
    )
    .leftJoin(categories, eq(categories.id, cards.categoryId))
    .innerJoin(illustrators, sql`${illustrators.id} = coalesce(${cards.creatorId}, ${categories.creatorId})`)
    .innerJoin(users, eq(users.id, illustrators.userId))
    .where(eq(sales.id, saleId))
    .limit(1);
  if (!row) return null;
  const primary = row.seller === row.creatorWallet;
  const amount = primary ? BigInt(row.price) - BigInt(row.platformFee) - BigInt(row.royalty) : BigInt(row.royalty);
  if (amount <= 0n) return null;
  const booked = { kind: primary ? ('primary' as const) : ('royalty' as const), illustratorId: row.illustratorId };
  await db
    .insert(revenues)
    .values({
      ...booked,
      saleId,
      chainId: row.chainId,
      amount: amount.toString(),
      currencyCode: row.currencyCode,
      createdAt: row.soldAt,
    })
    .onConflictDoNothing();
  return { ...booked, amount: amount.toString() };
}
