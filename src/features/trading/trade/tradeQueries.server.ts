/**
 * The open trade offers of one card, for its token page: offers asking for it and counters giving it, newest
 * first, each with the cards each side gives (read from the signed order) and the coin added.
 */
import { type SQL, sql } from 'drizzle-orm';
import { fromJson, toIso } from '~/lib/rowValues';
import { onToken, type TokenRef } from '~/server/db/onChainConditions';
import { tradeOffers } from '~/server/db/schema';
import { parseOrderJson } from '../seaport/orderJson';
import { ItemType } from '../seaport/seaportTypes';
import type { TradeOfferView } from './tradeView';

/** A row of {@link cardTradesSql}'s array. */
interface TradeJson {
  id: number;
  offerer: string;
  taker: string;
  counterOf: number | null;
  order: unknown;
  coinAmount: string | null;
  currencyCode: number | null;
  expiresAt: string;
}

/**
 * The open trade offers of a card (not expired when the statement started), newest first, at most 50, as one JSON
 * array (through the trade offers' card index): a column of the token page's statement (`card` names its
 * columns). Read with {@link cardTradesOf}.
 */
export function cardTradesSql(card: TokenRef): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', id, 'offerer', offerer_address, 'taker', taker_address,
        'counterOf', counter_of, 'order', "order", 'coinAmount', coin_amount::text, 'currencyCode', currency_code,
        'expiresAt', expires_at) order by id desc), '[]')
    from (select * from ${tradeOffers}
      where ${onToken(tradeOffers, card.chainId, card.contractAddress, card.tokenId)}
        and ${tradeOffers.status} = 'open' and ${tradeOffers.expiresAt} > statement_timestamp()
      order by ${tradeOffers.id} desc limit 50) open_trades)`;
}

/** The trade offers in `value`, what {@link cardTradesSql} gave (a JSON array or its text); unreadable orders left out. */
export function cardTradesOf(value: unknown): TradeOfferView[] {
  const rows = (fromJson(value) ?? []) as TradeJson[];
  return rows.flatMap((row) => {
    const order = parseOrderJson(row.order);
    if (!order) return [];
    const ids = (items: readonly { itemType: number; identifierOrCriteria: bigint }[]) =>
      items.filter((item) => item.itemType === ItemType.ERC721).map((item) => item.identifierOrCriteria.toString());
    return [
      {
        id: row.id,
        offerer: row.offerer,
        taker: row.taker,
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
        expiresAt: toIso(row.expiresAt),
      },
    ];
  });
}
