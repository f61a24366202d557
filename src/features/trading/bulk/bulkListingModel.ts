/**
 * Pure parts of the bulk listing island (./BulkListing.tsx): its props and messages, the owner's unlisted
 * cards grouped by chain (one bulk signature covers the cards of one chain), and the price of each chosen
 * card. No wallet library here, so the island can import it statically.
 *
 * @see ./bulkListingFlow.ts, docs/architecture.md "Flows" (Sell and cancel)
 */
import { cardKey } from '../parts/cardKey';
import { parseAmount } from '../parts/tradeForm';
import type { TradeMessages } from '../parts/tradeMessages';
import type { TradeChain } from '../terms/tradeTerms';

/** Keys of the island's own messages (`bulk.<key>` in ja.json / en.json). */
export const BULK_MESSAGE_KEYS = [
  'open',
  'lead',
  'loading',
  'loadFailed',
  'none',
  'chain',
  'oneChain',
  'cards',
  'cardPrice',
  'samePrice',
  'priceEach',
  'selected',
  'max',
  'submit',
  'close',
  'noneSelected',
  'invalidPrice',
  'signing',
  'listed',
] as const;

/** The island's own messages. */
export type BulkMessages = Record<(typeof BULK_MESSAGE_KEYS)[number], string>;

/** The `trade.*` messages the island shares with the token page's. */
export const BULK_TRADE_MESSAGE_KEYS = [
  'price',
  'currency',
  'expiryDays',
  'switching',
  'approving',
  'walletPrompt',
  'pending',
  'confirmed',
  'checking',
  'invalidExpiry',
  'noFeeRecipient',
  'noWallet',
  'signRefused',
  'connectFirst',
  'failed',
  'refused',
  'declined',
] as const satisfies readonly (keyof TradeMessages)[];

/** The `trade.*` messages of the island. */
export type BulkTradeMessages = Pick<TradeMessages, (typeof BULK_TRADE_MESSAGE_KEYS)[number]>;

/** Props of the island, the same for every visitor of the page (the cards load when the owner opens it). */
export interface BulkListingProps {
  /** The page's wallet (lower-case): whose cards are listed. */
  wallet: string;
  /** The chains this server runs, to switch the wallet to. */
  chains: readonly TradeChain[];
  /** Locale prefix for links ('' for ja, '/en' for en). */
  localePrefix: string;
  messages: { bulk: BulkMessages; trade: BulkTradeMessages };
}

/** What `GET /api/v1/chains` says of a chain's terms (the fields the island uses). */
export interface BulkChainTerms {
  chainId: number;
  exchange: string;
  conduitKey: string;
  /** The contract sellers approve (the conduit, or Seaport for the zero key). */
  conduit: string;
  feeBps: number;
  feeRecipient: string | null;
  /** The Kirafuda zone every order names, as `GET /api/v1/chains` publishes it (its rules beside its address). */
  zone: { address: string };
  currencies: { code: number; symbol: string; decimals: number; token: string | null }[];
}

/** A card the owner may list. */
export interface BulkCard {
  chainId: number;
  contractAddress: string;
  tokenId: string;
  name: string;
  /** The English name, shown on the English pages. */
  nameEn?: string | null;
  image: string | null;
  /** Its collection (names in Japanese and English). */
  category: { name: string; nameEn: string | null } | null;
}

/** A card of the items API (the fields read here). */
export type OwnedItem = BulkCard & { listing: unknown };

/** Most cards one bulk listing holds (what `POST /api/v1/sell_cards` takes). */
export const MAX_BULK_CARDS = 50;

/** The cards without a listing, by chain, chains in the order `chainIds` gives (others are left out). */
export function unlistedByChain(items: readonly OwnedItem[], chainIds: readonly number[]): Map<number, BulkCard[]> {
  const byChain = new Map<number, BulkCard[]>(chainIds.map((id) => [id, []]));
  for (const { listing, ...card } of items) {
    if (listing === null) byChain.get(card.chainId)?.push(card);
  }
  for (const [id, cards] of byChain) if (cards.length === 0) byChain.delete(id);
  return byChain;
}

/** What the owner typed: a price per card key, or one price for every card. */
export interface PriceEntry {
  samePrice: boolean;
  priceEach: string;
  prices: Readonly<Record<string, string>>;
}

/** The chosen cards with their prices in the currency's smallest unit, or what is wrong. */
export type BulkPrices =
  | { ok: true; items: { card: BulkCard; price: bigint }[] }
  | { ok: false; problem: 'noneSelected' | 'tooMany' }
  | { ok: false; problem: 'invalidPrice'; card: BulkCard };

/** Prices of `chosen` (in order) from `entry`, for a currency of `decimals`. */
export function bulkPrices(chosen: readonly BulkCard[], entry: PriceEntry, decimals: number): BulkPrices {
  if (chosen.length === 0) return { ok: false, problem: 'noneSelected' };
  if (chosen.length > MAX_BULK_CARDS) return { ok: false, problem: 'tooMany' };
  const items: { card: BulkCard; price: bigint }[] = [];
  for (const card of chosen) {
    const price = parseAmount(entry.samePrice ? entry.priceEach : (entry.prices[cardKey(card)] ?? ''), decimals);
    if (price === null) return { ok: false, problem: 'invalidPrice', card };
    items.push({ card, price });
  }
  return { ok: true, items };
}
