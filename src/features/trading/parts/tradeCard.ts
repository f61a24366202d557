/**
 * The card a token page trades, as its trading island gets it from the server (the same for every visitor):
 * which card, its name and image as a cart keeps them, its owner and its active listing. The acts that work on
 * one card (sell, buy, cancel, bid, add to cart, accept an offer) take the part of it they use; the bulk listing
 * form and the cart, which have no single card, take none. Types only: islands import it freely.
 */

/** What the bid form needs of a timed auction (amounts in wei, dates ISO). */
export interface TradeAuction {
  status: string;
  /** The lowest bid that stands (behind the highest, when it is lower). */
  reservePrice: string;
  /** The lowest bid that leads. */
  minimumBid: string;
  currencyCode: number;
  endsAt: string;
  bidsValidUntil: string;
  bidCount: number;
}

/**
 * The active listing as the island needs it. Its signed Seaport order is not sent with the page: an act that needs
 * it fetches it by the listing's hash (./signedListing.ts).
 */
export interface TradeListing {
  orderHash: string;
  price: string;
  currencyCode: number;
  sellerAddress: string;
  exchange: string;
  /** Restricted to the Kirafuda zone: its seller cancels it on Kirafuda alone, without gas. */
  viaZone: boolean;
  /** Why it cannot be bought right now, or null (buyers get no Buy button then). */
  unbuyableReason: string | null;
  /** `fixed`, `declining` or `auction` (the last is not sold from a cart). */
  saleType: string;
  /** What a buyer pays now (wei, decimal string). */
  currentPrice: string;
  /** A timed auction's state, when the listing is one. */
  auction: TradeAuction | null;
}

/** The card (see the module comment). */
export interface TradeCard {
  contractAddress: string;
  tokenId: string;
  /** The card's name, as a cart keeps it. */
  name: string;
  /** The card's English name, or null (the cart shows it on the English pages). */
  nameEn: string | null;
  image: string | null;
  owner: string;
  listing: TradeListing | null;
}
