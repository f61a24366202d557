/**
 * A chain's trading terms as a trading island needs them: the chain (to switch the wallet to it), Seaport, the
 * platform's conduit and its key, the fee and who receives it, the auction settlement account and the chain's
 * currencies. The same for every visitor and every card of the chain, so a page computes them once
 * (./tradeTerms.server.ts) and each act takes the part it uses. Types only: islands import it freely.
 *
 * @see ./chainTerms.server.ts (the same terms for any Seaport client, `GET /api/v1/chains`)
 */

/** One currency the seller may list in on the chain. */
export interface TradeCurrency {
  code: number;
  symbol: string;
  decimals: number;
  /** ERC-20 contract, or the zero address for the native coin. */
  token: string;
}

/** The chain as the island needs it (enough to switch or add it in the wallet). */
export interface TradeChain {
  chainId: number;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: readonly string[];
  blockExplorerUrls: readonly string[];
}

/** What every order on the chain is made with. */
export interface TradeTerms {
  chain: TradeChain;
  /** Seaport (the chain config's `exchange`). */
  seaport: string;
  /** The platform's conduit (the chain config's `market`) and its key (zero hash: Seaport itself). */
  conduit: string;
  conduitKey: string;
  /** Platform fee recipient; null when not configured (selling is then unavailable). */
  feeRecipient: string | null;
  /** The platform's auction settlement account (the zone of auction listings); null when auctions are off. */
  settler: string | null;
  /** The Kirafuda zone every order names (../zone/). */
  zone: string;
  feeBps: number;
  currencies: readonly TradeCurrency[];
}
