import tradeOffer from 'island-messages:tradeOffer';

/** What a token page shows of one open trade offer (./tradeQueries.server.ts reads it; the island shows it). */
export interface TradeOfferView {
  id: number;
  offerer: string;
  taker: string;
  /** A counter (private to its taker). */
  counter: boolean;
  /** Token ids the offerer gives, and asks for. */
  gives: string[];
  asks: string[];
  /** The cards the offerer gives, with their contracts (what a counter may ask for). */
  offered: { contract: string; tokenId: string }[];
  /** Coin added, in its smallest unit, with its currency code; null without. */
  coin: { amount: string; currencyCode: number } | null;
  expiresAt: string;
}

/** The trade offers island's words (./TradeOffersPanel.tsx and its forms). */
export interface TradeOfferMessages {
  heading: string;
  none: string;
  /** `{{from}}` gives `{{gives}}` for `{{asks}}`. */
  offer: string;
  counter: string;
  coin: string;
  until: string;
  accept: string;
  decline: string;
  declined: string;
  accepted: string;
  /** Making an offer: its button and form name, the checklist, the coin, the days, the send button. */
  make: string;
  yourCards: string;
  noCards: string;
  cardsUnavailable: string;
  pickCards: string;
  coinAmount: string;
  days: string;
  send: string;
  sent: string;
  /** Countering: the button, the form's name, its checklist, its send button, done. */
  counterButton: string;
  counterForm: string;
  counterPick: string;
  counterSend: string;
  countered: string;
}

/** The island's words in `locale` (`tradeOffer.<key>`), loaded with its code rather than sent in its props. */
export function tradeOfferMessagesIn(locale: string): TradeOfferMessages {
  return tradeOffer[locale === 'en' ? 'en' : 'ja'] as unknown as TradeOfferMessages;
}
