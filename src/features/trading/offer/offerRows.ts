/**
 * The offers table's rows as the offers island reads them: the page renders the table on the server
 * (./OffersTable.astro), each row carrying in `data-*` attributes what an act needs (the order's hash, its maker,
 * its price and currency, whether it is inactive, a bid, or paid in the chain's wrapped coin); the island reads
 * them when it hydrates rather than receiving every offer in its props, so its props stay the same size however
 * many offers a card has. The signed order itself is asked for when an act starts (./signedOffer.ts).
 */
import type { OfferItemProps } from './offerModel';

/** What a row says of its offer, as `data-*` attributes on its `<tr>` (absent flags are false). */
export interface OfferRowData {
  'data-offer': string;
  'data-offerer': string;
  'data-price': string;
  'data-currency': number;
  'data-inactive'?: true;
  'data-bid'?: true;
  /** The offer pays in the chain's wrapped native coin (the coin "Sell now" accepts). */
  'data-wrapped'?: true;
}

/** One row as the island reads it: the offer, whether it pays in the wrapped coin, and the row's cells it fills. */
export interface OfferTableRow {
  offer: Pick<OfferItemProps, 'orderHash' | 'offerer' | 'price' | 'currencyCode' | 'active' | 'bid'>;
  wrapped: boolean;
  /** The "From" cell (the island says "You" there for the viewer's own offers). */
  from: HTMLElement;
  /** The cell the row's acts (Accept, Cancel) go in. */
  acts: HTMLElement;
}

/** The `data-*` attributes of an offer's row (the server's side of {@link readOfferRows}). */
export function offerRowData(
  offer: Pick<OfferItemProps, 'orderHash' | 'offerer' | 'price' | 'currencyCode' | 'active' | 'bid'>,
  wrapped: boolean,
): OfferRowData {
  return {
    'data-offer': offer.orderHash,
    'data-offerer': offer.offerer,
    'data-price': offer.price,
    'data-currency': offer.currencyCode,
    ...(offer.active ? {} : { 'data-inactive': true as const }),
    ...(offer.bid ? { 'data-bid': true as const } : {}),
    ...(wrapped ? { 'data-wrapped': true as const } : {}),
  };
}

/** The rows of the offers table in `root` (rows without their two cells are skipped). */
export function readOfferRows(root: ParentNode): OfferTableRow[] {
  const rows: OfferTableRow[] = [];
  for (const tr of root.querySelectorAll<HTMLTableRowElement>('tr[data-offer]')) {
    const from = tr.querySelector<HTMLElement>('[data-offer-from]');
    const acts = tr.querySelector<HTMLElement>('[data-offer-acts]');
    const data = tr.dataset;
    if (!from || !acts) continue;
    rows.push({
      offer: {
        orderHash: data['offer'] ?? '',
        offerer: data['offerer'] ?? '',
        price: data['price'] ?? '0',
        currencyCode: Number(data['currency']),
        active: data['inactive'] === undefined,
        bid: data['bid'] !== undefined,
      },
      wrapped: data['wrapped'] !== undefined,
      from,
      acts,
    });
  }
  return rows;
}
