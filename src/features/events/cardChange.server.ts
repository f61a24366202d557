/**
 * The change of some cards as the events name it: the cards, their collections and creators, the wallets
 * given, and every list. For API writes that touch cards (a listing, a cancel, hiding a card).
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { cards } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { Change } from './tags';

/** Which cards: by id, or by token. */
export type CardRef = number | { chainId: number; contractAddress: string; tokenId: string | bigint };

/** The change of `refs` (see the module comment). */
export async function changeOfCards(
  db: Database,
  refs: readonly CardRef[],
  users: readonly string[] = [],
): Promise<Change> {
  const ids = refs.filter((ref): ref is number => typeof ref === 'number');
  const tokens = refs.filter((ref) => typeof ref !== 'number');
  const conditions: SQL[] = [
    ...(ids.length ? [inArray(cards.id, ids)] : []),
    ...tokens.map(
      (token) =>
        and(
          eq(cards.chainId, token.chainId),
          eq(cards.contractAddress, token.contractAddress.toLowerCase()),
          eq(cards.tokenId, token.tokenId.toString()),
        ) as SQL,
    ),
  ];
  const rows = conditions.length
    ? await db
        .select({ id: cards.id, categoryId: cards.categoryId, creatorId: cards.creatorId, owner: cards.ownerAddress })
        .from(cards)
        .where(or(...conditions))
    : [];
  return {
    cards: rows.map((row) => row.id),
    collections: [...new Set(rows.flatMap((row) => (row.categoryId === null ? [] : [row.categoryId])))],
    creators: [...new Set(rows.flatMap((row) => (row.creatorId === null ? [] : [row.creatorId])))],
    users: [...new Set([...users, ...rows.map((row) => row.owner)].map((address) => address.toLowerCase()))],
    lists: true,
  };
}
