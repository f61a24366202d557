/**
 * Favourites (a heart on a card) and follows (a creator, a collection): set and cleared idempotently by the
 * signed-in user, counted for the shared pages (which carry the card's, creator's or collection's cache tag,
 * so a change reaches them through `events/`), and listed for the user's own page and the digest.
 *
 * @see docs/architecture.md (feature `social`)
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { notFound, tooManyRequests } from '~/server/api/errors';
import { onToken } from '~/server/db/onChainConditions';
import {
  cards,
  categories,
  collectionFollows,
  creatorFollows,
  favorites,
  illustrators,
  users,
} from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { hitRateLimit } from '~/server/rateLimit.server';

/** A card as the favourite endpoints name it. */
export interface CardRef {
  chainId: number;
  contract: string;
  tokenId: string;
}

/** What the heart or the follow button shows: the viewer's own state (false when signed out) and the count. */
export interface SocialState {
  active: boolean;
  count: number;
  /** A favourite's price alert in wei of the chain's coin (null: none); favourites only. */
  alertBelow?: bigint | null;
}

/** The visible card's id and its collection and creator, or 404. */
export async function findCard(
  db: Database,
  ref: CardRef,
): Promise<{ id: number; categoryId: number | null; creatorId: number | null }> {
  const [card] = await db
    .select({ id: cards.id, categoryId: cards.categoryId, creatorId: cards.creatorId })
    .from(cards)
    .where(and(onToken(cards, ref.chainId, ref.contract.toLowerCase(), ref.tokenId), eq(cards.hidden, false)))
    .limit(1);
  if (!card) throw notFound('Card not found');
  return card;
}

/** The creator (illustrator) whose wallet is `address`, or 404. */
export async function findCreator(db: Database, address: string): Promise<{ id: number }> {
  const [creator] = await db
    .select({ id: illustrators.id })
    .from(illustrators)
    .innerJoin(users, eq(users.id, illustrators.userId))
    .where(and(eq(users.walletAddress, address.toLowerCase()), eq(users.suspended, false)))
    .limit(1);
  if (!creator) throw notFound('Creator not found');
  return creator;
}

/** The visible collection `id`, or 404. */
export async function findCollection(db: Database, id: number): Promise<{ id: number; creatorId: number | null }> {
  const [collection] = await db
    .select({ id: categories.id, creatorId: categories.creatorId })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.hidden, false)))
    .limit(1);
  if (!collection) throw notFound('Collection not found');
  return collection;
}

/** How many users favour card `cardId`. */
export async function favoriteCount(db: Database, cardId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favorites).where(eq(favorites.cardId, cardId));
  return row?.n ?? 0;
}

/** How many users follow creator `creatorId` (an illustrator id). */
export async function creatorFollowerCount(db: Database, creatorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(creatorFollows).where(eq(creatorFollows.creatorId, creatorId));
  return row?.n ?? 0;
}

/** How many users follow collection `collectionId`. */
export async function collectionFollowerCount(db: Database, collectionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(collectionFollows)
    .where(eq(collectionFollows.collectionId, collectionId));
  return row?.n ?? 0;
}

/**
 * Favours (`on`) or stops favouring card `cardId` for `userId`; doing it twice changes nothing. `alertBelow`
 * (wei of the chain's coin, null to clear) sets the favourite's price alert; undefined keeps it.
 */
export async function setFavorite(
  db: Database,
  userId: number,
  cardId: number,
  on: boolean,
  alertBelow?: bigint | null,
): Promise<SocialState> {
  if (!on) await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.cardId, cardId)));
  else if (alertBelow === undefined) await db.insert(favorites).values({ userId, cardId }).onConflictDoNothing();
  else {
    const alert = alertBelow === null ? null : alertBelow.toString();
    await db
      .insert(favorites)
      .values({ userId, cardId, alertBelow: alert })
      .onConflictDoUpdate({ target: [favorites.userId, favorites.cardId], set: { alertBelow: alert } });
  }
  return favoriteState(db, userId, cardId);
}

/** Follows (`on`) or unfollows creator `creatorId`; idempotent. */
export async function setCreatorFollow(
  db: Database,
  userId: number,
  creatorId: number,
  on: boolean,
): Promise<SocialState> {
  if (on) await db.insert(creatorFollows).values({ userId, creatorId }).onConflictDoNothing();
  else
    await db
      .delete(creatorFollows)
      .where(and(eq(creatorFollows.userId, userId), eq(creatorFollows.creatorId, creatorId)));
  return { active: on, count: await creatorFollowerCount(db, creatorId) };
}

/** Follows (`on`) or unfollows collection `collectionId`; idempotent. */
export async function setCollectionFollow(
  db: Database,
  userId: number,
  collectionId: number,
  on: boolean,
): Promise<SocialState> {
  if (on) await db.insert(collectionFollows).values({ userId, collectionId }).onConflictDoNothing();
  else
    await db
      .delete(collectionFollows)
      .where(and(eq(collectionFollows.userId, userId), eq(collectionFollows.collectionId, collectionId)));
  return { active: on, count: await collectionFollowerCount(db, collectionId) };
}

/** Whether `userId` (null: nobody signed in) favours `cardId`, and the count. */
export async function favoriteState(db: Database, userId: number | null, cardId: number): Promise<SocialState> {
  const mine =
    userId === null
      ? []
      : await db
          .select({ alertBelow: favorites.alertBelow })
          .from(favorites)
          .where(and(eq(favorites.userId, userId), eq(favorites.cardId, cardId)));
  const alert = mine[0]?.alertBelow;
  return {
    active: mine.length > 0,
    count: await favoriteCount(db, cardId),
    alertBelow: alert === null || alert === undefined ? null : BigInt(alert),
  };
}

/** A card's key as the tiles' hearts name it: `{chain_id}:{contract}:{token_id}` (contract in lower case). */
export function cardKey(ref: CardRef): string {
  return `${ref.chainId}:${ref.contract.toLowerCase()}:${ref.tokenId}`;
}

/** Which of `refs` (at most a page of tiles) user `userId` favours, as {@link cardKey}s. */
export async function favoritedAmong(db: Database, userId: number, refs: readonly CardRef[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const wanted = sql.join(
    refs.map((ref) => sql`(${ref.chainId}::integer, ${ref.contract.toLowerCase()}::text, ${ref.tokenId}::numeric)`),
    sql`, `,
  );
  const result = await db.execute<{ chain_id: unknown; contract_address: string; token_id: string }>(sql`
    select c.chain_id, c.contract_address, c.token_id from ${favorites} f join ${cards} c on c.id = f.card_id
    where f.user_id = ${userId} and (c.chain_id, c.contract_address, c.token_id) in (${wanted})`);
  return result.rows.map((row) =>
    cardKey({ chainId: Number(row.chain_id), contract: row.contract_address, tokenId: String(row.token_id) }),
  );
}

/** Whether `userId` follows creator `creatorId`, and the count. */
export async function creatorFollowState(db: Database, userId: number | null, creatorId: number): Promise<SocialState> {
  const mine =
    userId === null
      ? []
      : await db
          .select({ one: sql`1` })
          .from(creatorFollows)
          .where(and(eq(creatorFollows.userId, userId), eq(creatorFollows.creatorId, creatorId)));
  return { active: mine.length > 0, count: await creatorFollowerCount(db, creatorId) };
}

/** Whether `userId` follows collection `collectionId`, and the count. */
export async function collectionFollowState(
  db: Database,
  userId: number | null,
  collectionId: number,
): Promise<SocialState> {
  const mine =
    userId === null
      ? []
      : await db
          .select({ one: sql`1` })
          .from(collectionFollows)
          .where(and(eq(collectionFollows.userId, userId), eq(collectionFollows.collectionId, collectionId)));
  return { active: mine.length > 0, count: await collectionFollowerCount(db, collectionId) };
}

/** A followed creator or collection, as the user's page lists it. */
export interface Followed {
  kind: 'creator' | 'collection';
  id: number;
  name: string;
  nameEn: string | null;
  /** The creator's wallet (for `/creator/{address}`); null for a collection. */
  walletAddress: string | null;
}

/** Everything the user with wallet `walletAddress` follows, newest first (at most 200). */
export async function listFollowing(db: Database, walletAddress: string): Promise<Followed[]> {
  const result = await db.execute<{
    kind: 'creator' | 'collection';
    id: unknown;
    name: string;
    name_en: string | null;
    wallet_address: string | null;
  }>(sql`select * from (
      select 'creator' as kind, i.id, i.name, i.name_en, cu.wallet_address, f.created_at
        from ${creatorFollows} f join ${users} u on u.id = f.user_id join ${illustrators} i on i.id = f.creator_id
        join ${users} cu on cu.id = i.user_id
        where u.wallet_address = ${walletAddress.toLowerCase()} and not cu.suspended
      union all
      select 'collection' as kind, c.id, c.name, c.name_en, null as wallet_address, f.created_at
        from ${collectionFollows} f join ${users} u on u.id = f.user_id join ${categories} c on c.id = f.collection_id
        where u.wallet_address = ${walletAddress.toLowerCase()} and not c.hidden
    ) followed order by created_at desc, id desc limit 200`);
  return result.rows.map((row) => ({
    kind: row.kind,
    id: Number(row.id),
    name: row.name,
    nameEn: row.name_en,
    walletAddress: row.wallet_address,
  }));
}

/** The users following creator `creatorId` or collection `collectionId` (for "a followed creator's new card"). */
export async function followersOf(
  db: Database | Transaction,
  creatorId: number | null,
  collectionId: number | null,
): Promise<number[]> {
  const result = await db.execute<{ user_id: unknown }>(sql`
    select user_id from ${creatorFollows} where creator_id = ${creatorId ?? -1}
    union select user_id from ${collectionFollows} where collection_id = ${collectionId ?? -1}`);
  return result.rows.map((row) => Number(row.user_id));
}

/** Favourite and follow changes one user may make per minute (each drops a shared page from the cache). */
export const SOCIAL_WRITES_PER_MINUTE = 60;

/** Counts one favourite or follow change by `userId`, or throws 429 past {@link SOCIAL_WRITES_PER_MINUTE}. */
export async function limitSocialWrites(db: Database, userId: number): Promise<void> {
  const limit = await hitRateLimit(db, `social-write:${userId}`, SOCIAL_WRITES_PER_MINUTE, 60);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter);
}
