/**
 * The trade offers list's items as the trade offers island reads them: the page renders the list on the server
 * (./TradeOffersList.astro), each item carrying in `data-*` attributes what an act needs (the offer's id, who
 * made it and who may take it, whether it is a counter, the cards it gives: what a counter may ask for); the
 * island reads them when it hydrates rather than receiving every offer in its props, so its props stay the same
 * size however many trade offers a card has.
 */
import type { TradeOfferView } from './tradeView';

/** What an act on a trade offer needs of it. */
export type TradeRowOffer = Pick<TradeOfferView, 'id' | 'offerer' | 'taker' | 'counter' | 'offered'>;

/** One item as the island reads it: the offer, and the place in the item its acts go. */
export interface TradeTableRow {
  trade: TradeRowOffer;
  acts: HTMLElement;
}

/** The `data-*` attributes of a trade offer's item (the server's side of {@link readTradeRows}). */
export function tradeRowData(trade: TradeRowOffer) {
  return {
    'data-trade-offer': trade.id,
    'data-offerer': trade.offerer,
    'data-taker': trade.taker,
    // The offered cards as `contract:tokenId`, space-separated.
    'data-offered': trade.offered.map((card) => `${card.contract}:${card.tokenId}`).join(' '),
    ...(trade.counter ? { 'data-counter': true as const } : {}),
  };
}

/** The items of the trade offers list in `root` (items without their acts' place are skipped). */
export function readTradeRows(root: ParentNode): TradeTableRow[] {
  const rows: TradeTableRow[] = [];
  for (const item of root.querySelectorAll<HTMLElement>('[data-trade-offer]')) {
    const acts = item.querySelector<HTMLElement>('[data-trade-acts]');
    const data = item.dataset;
    if (!acts) continue;
    rows.push({
      trade: {
        id: Number(data['tradeOffer']),
        offerer: data['offerer'] ?? '',
        taker: data['taker'] ?? '',
        counter: data['counter'] !== undefined,
        offered: (data['offered'] ?? '')
          .split(' ')
          .filter(Boolean)
          .map((pair) => {
            const [contract = '', tokenId = ''] = pair.split(':');
            return { contract, tokenId };
          }),
      },
      acts,
    });
  }
  return rows;
}
