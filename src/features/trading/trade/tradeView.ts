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
  /** Coin added, in its smallest unit, with its currency code; null without. */
  coin: { amount: string; currencyCode: number } | null;
  expiresAt: string;
}
