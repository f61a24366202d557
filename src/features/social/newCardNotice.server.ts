/**
 * "A creator or collection you follow has a new card": told to their followers when a design is issued
 * (../issuance/minter.server.ts saves each minted card through it). Keyed by the design, so the serials of one
 * design, a drop's later mints and a repeated save tell each follower once.
 */
import { sql } from 'drizzle-orm';
import { cardParams, notifyUsers } from '~/features/notifications/notify.server';
import { categories, illustrators } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { followersOf } from './social.server';

/** Tells the followers of the card's creator and collection about the new design (see the module comment). */
export async function noticeNewCard(
  db: Database | Transaction,
  card: {
    id: number;
    chainId: number;
    contractAddress: string;
    designId: bigint;
    creatorId: number | null;
    categoryId: number | null;
  },
): Promise<void> {
  const followers = await followersOf(db, card.creatorId, card.categoryId);
  if (followers.length === 0) return;
  const names = await db.execute<{ creator: string | null; collection: string | null }>(sql`
    select (select name from ${illustrators} where id = ${card.creatorId ?? -1}) as creator,
      (select name from ${categories} where id = ${card.categoryId ?? -1}) as collection`);
  const source = names.rows[0]?.creator ?? names.rows[0]?.collection ?? '';
  await notifyUsers(db, followers, {
    kind: 'followed_new_card',
    eventKey: `design:${card.chainId}:${card.contractAddress.toLowerCase()}:${card.designId}`,
    params: { ...(await cardParams(db, card.id)), source },
  });
}
