/**
 * Whose revenue a card's sales are: the card's own creator, else its collection's (the one of its contract),
 * with every wallet that counts as theirs.
 */
import { eq, sql } from 'drizzle-orm';
import { onContract } from '~/server/db/onChainConditions';
import { cards, categories, illustrators, users } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import type { CardCreator } from './fillRevenues';

/** The creator of card `cardId`, or undefined. */
export async function cardCreator(db: Database | Transaction, cardId: number): Promise<CardCreator | undefined> {
  const [row] = await db
    .select({ illustratorId: illustrators.id, linked: users.walletAddress, payout: illustrators.payoutWalletAddress })
    .from(cards)
    .leftJoin(categories, onContract(categories, cards.chainId, cards.contractAddress))
    .innerJoin(illustrators, sql`${illustrators.id} = coalesce(${cards.creatorId}, ${categories.creatorId})`)
    .innerJoin(users, eq(users.id, illustrators.userId))
    .where(eq(cards.id, cardId));
  if (!row) return undefined;
  return { illustratorId: row.illustratorId, wallets: new Set([row.linked, row.payout].filter((w) => w !== null)) };
}
