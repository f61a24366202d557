/**
 * The open trade offers of one card, for its token page: offers asking for it and counters giving it, newest
 * first, each with the cards each side gives (read from the signed order) and the coin added.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { tradeOffers } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { ofCard } from '../orders/cardRows.server';
import { parseOrderJson } from '../seaport/orderJson';
import { ItemType } from '../seaport/seaportTypes';
import type { TradeOfferView } from './tradeView';

/** The open trade offers of card `tokenId` of `contractAddress` on `chainId` (see the module comment). */
export async function tradesForCard(
  db: Database,
  card: { chainId: number; contractAddress: string; tokenId: string },
  now = new Date(),
): Promise<TradeOfferView[]> {
  const rows = await db
    .select()
    .from(tradeOffers)
    .where(
      and(
        ofCard(tradeOffers, { ...card, contractAddress: card.contractAddress.toLowerCase() }),
        eq(tradeOffers.status, 'open'),
        gt(tradeOffers.expiresAt, now),
      ),
    )
    .orderBy(desc(tradeOffers.id))
    .limit(50);
  return rows.flatMap((row) => {
    const order = parseOrderJson(row.order);
    if (!order) return [];
    const ids = (items: readonly { itemType: number; identifierOrCriteria: bigint }[]) =>
      items.filter((item) => item.itemType === ItemType.ERC721).map((item) => item.identifierOrCriteria.toString());
    return [
      {
        id: row.id,
        offerer: row.offererAddress,
        taker: row.takerAddress,
        counter: row.counterOf !== null,
        gives: ids(order.offer),
        asks: ids(order.consideration),
        offered: order.offer
          .filter((item) => item.itemType === ItemType.ERC721)
          .map((item) => ({ contract: item.token.toLowerCase(), tokenId: item.identifierOrCriteria.toString() })),
        coin:
          row.coinAmount !== null && row.currencyCode !== null
            ? { amount: row.coinAmount, currencyCode: row.currencyCode }
            : null,
        expiresAt: row.expiresAt.toISOString(),
      },
    ];
  });
}
