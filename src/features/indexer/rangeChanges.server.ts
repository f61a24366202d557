/**
 * What one indexed block range changed, as the change events name it (../events/tags.ts): the cards moved,
 * sold, approved or whose listing ended there, their collections and creators, and the wallets involved.
 * Read after the range's transaction committed; published by ./indexChain.server.ts.
 */
import { and, between, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Change } from '~/features/events/tags';
import { ItemType } from '~/features/trading/seaport/seaportTypes';
import { cards, mediaTokens, offers, sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { ChainEvent } from './chainEvents.server';

/** Past this many cards, a range names every token page at once instead of each. */
const MAX_NAMED_CARDS = 500;

/** The tokens known to read a design's metadata. */
async function tokensOfDesign(db: Database, chainId: number, contract: string, designId: bigint): Promise<bigint[]> {
  const rows = await db
    .select({ tokenId: mediaTokens.tokenId })
    .from(mediaTokens)
    .where(
      and(
        eq(mediaTokens.chainId, chainId),
        eq(mediaTokens.contractAddress, contract.toLowerCase()),
        eq(mediaTokens.designId, designId.toString()),
      ),
    );
  return rows.map((row) => BigInt(row.tokenId));
}

/** The change of blocks `from..to` on `chainId` given their events (see the module comment). */
export async function changeOfRange(
  db: Database,
  chainId: number,
  range: { from: bigint; to: bigint },
  events: readonly ChainEvent[],
): Promise<Change> {
  if (events.length === 0) return {};
  const tokens = new Map<string, Set<string>>();
  const users = new Set<string>();
  const addToken = (contract: string, tokenId: bigint) => {
    const key = contract.toLowerCase();
    const ids = tokens.get(key) ?? new Set<string>();
    tokens.set(key, ids);
    ids.add(tokenId.toString());
  };
  for (const event of events) {
    if (event.kind === 'transfer') {
      addToken(event.contract, event.tokenId);
      users.add(event.from).add(event.to);
    } else if (event.kind === 'tokenApproval') {
      addToken(event.contract, event.tokenId);
      users.add(event.owner);
    } else if (event.kind === 'approval') {
      users.add(event.owner);
    } else if (event.kind === 'fulfilled') {
      for (const item of [...event.offer, ...event.consideration]) {
        if (item.itemType === ItemType.ERC721 || item.itemType === ItemType.ERC721_WITH_CRITERIA)
          addToken(item.token, item.identifier);
      }
      users.add(event.offerer).add(event.recipient);
    } else if (event.kind === 'funds') {
      users.add(event.owner);
    } else if (event.kind === 'designUri') {
      // The design's token pages show where the card lives and whether it is frozen.
      for (const tokenId of await tokensOfDesign(db, chainId, event.contract, event.designId))
        addToken(event.contract, tokenId);
    } else {
      users.add(event.offerer);
    }
  }
  const byToken: SQL[] = [...tokens].map(
    ([contract, ids]) => and(eq(cards.contractAddress, contract), inArray(cards.tokenId, [...ids])) as SQL,
  );
  const ended = await db
    .select({ cardId: sellOrders.cardId })
    .from(sellOrders)
    .where(
      and(
        eq(sellOrders.chainId, chainId),
        between(sellOrders.closedBlock, Number(range.from), Number(range.to)),
        isNotNull(sellOrders.cardId),
      ),
    );
  const endedIds = ended.flatMap((row) => (row.cardId === null ? [] : [row.cardId]));
  const touched =
    byToken.length === 0 && endedIds.length === 0
      ? []
      : await db
          .select({ id: cards.id, categoryId: cards.categoryId, creatorId: cards.creatorId })
          .from(cards)
          .where(
            and(eq(cards.chainId, chainId), or(...byToken, endedIds.length ? inArray(cards.id, endedIds) : undefined)),
          );
  const many = touched.length > MAX_NAMED_CARDS;
  const endedOffers = await db
    .selectDistinct({ categoryId: offers.categoryId })
    .from(offers)
    .where(and(eq(offers.chainId, chainId), between(offers.closedBlock, Number(range.from), Number(range.to))));
  const traded = events.some((event) => event.kind === 'fulfilled');
  return {
    cards: many ? [] : touched.map((card) => card.id),
    collections: [...new Set(touched.flatMap((card) => (card.categoryId === null ? [] : [card.categoryId])))],
    creators: [...new Set(touched.flatMap((card) => (card.creatorId === null ? [] : [card.creatorId])))],
    users: [...users].map((address) => address.toLowerCase()),
    offers: [
      ...new Set([
        ...endedOffers.flatMap((row) => (row.categoryId === null ? [] : [row.categoryId])),
        ...(traded ? touched.flatMap((card) => (card.categoryId === null ? [] : [card.categoryId])) : []),
      ]),
    ],
    lists: true,
    allCards: many,
  };
}
