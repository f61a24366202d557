/**
 * JSON shapes of the catalogue API (cards, categories, creators, activity), shared by the server modules
 * that build them and the pages and islands that read them. Money and uint256 values are decimal strings
 * (wei), dates ISO 8601 strings.
 *
 * @see docs/product-spec.md §2 (/tokens, /nfts, /collection, /creator, /user), §9 (prices)
 */
import type { CardMarketFacts } from '~/features/market/priceHistory.server';
import type { Page } from '~/lib/pagination';
import type { SaleType } from '~/server/db/schema';

/** A category as embedded in a card. */
export interface CardCategoryRef {
  id: number;
  name: string;
  nameEn: string | null;
}

/** A creator (illustrator) as embedded in a card or category. */
export interface CreatorRef {
  /** Illustrator id (`/profile-creators/{id}`). */
  id: number;
  name: string;
  nameEn: string | null;
  /** The creator's wallet (`/creator/{walletAddress}`). */
  walletAddress: string;
}

/** The active listing of a card, as the grids show it. */
export interface ListingSummary {
  /** Wei, decimal string: the price the listing started at (the whole price of a fixed-price listing). */
  price: string;
  /** `fixed`, `declining` (Dutch auction) or `auction` (timed, highest bid wins). */
  saleType: SaleType;
  /** The same as `price`. */
  startPrice: string;
  /** What a declining listing asks at `expiresAt` (`price` for the others). */
  endPrice: string;
  /** What a buyer pays now (wei, decimal string). */
  currentPrice: string;
  currencyCode: number;
  orderHash: string;
  expiresAt: string;
  /** Why it cannot be bought right now (the seller's approval was withdrawn, ...), or null when it can. */
  unbuyableReason: string | null;
  /** A running timed auction's end and highest bid (grids). */
  auctionSummary?: { endsAt: string; highestBid: string | null } | null;
}

/** What names a card: its id here, its token on chain, and its number within its series (not the token id). */
export interface CardIdentity {
  id: number;
  chainId: number;
  contractAddress: string;
  tokenId: string;
  serial: number | null;
}

/** One card in a grid (`GET /api/v1/cards`, a user's items). */
export interface CardSummary extends CardIdentity {
  name: string;
  /** The English name (token metadata `name_en`), or null. */
  nameEn: string | null;
  image: string | null;
  category: CardCategoryRef | null;
  creator: CreatorRef | null;
  /** The current owner's wallet address. */
  owner: string;
  listing: ListingSummary | null;
  /** The highest open offer an owner could accept (one card's price), or null. */
  bestOffer: { price: string; currencyCode: number } | null;
  views: number;
  /** The card's OpenRarity rank in its collection ("#rank / of"), or null before it is ranked (../market). */
  rarity: { rank: number; of: number } | null;
}

/**
 * One trait of a card, from its token metadata's `attributes` (OpenSea metadata standard). `traitType` and
 * `value` are what trait offers match; an attribute may also carry its value in Japanese and English
 * (`value_ja`, `value_en`, our addition), which the pages show in their language.
 */
export interface CardTrait {
  traitType: string;
  value: string | number | boolean;
  displayType: string | null;
  /** The value in Japanese, when the metadata gives one. */
  valueJa?: string;
  /** The value in English, when the metadata gives one. */
  valueEn?: string;
}

/** A timed auction as the token page and the card API show it (amounts in wei, decimal strings). */
export interface AuctionView {
  id: number;
  /** `running`, `settling`, `settled`, `unsold` or `cancelled`. */
  status: string;
  reservePrice: string;
  currencyCode: number;
  /** When bidding ends (later than scheduled after a late bid). */
  endsAt: string;
  scheduledEndsAt: string;
  /** Bids must stay valid until then (the listing's own end, when the settlement must be done). */
  bidsValidUntil: string;
  /** The highest standing bid, or null before the first. */
  highestBid: string | null;
  /** The lowest bid accepted now. */
  minimumBid: string;
  minStepBps: number;
  bidCount: number;
  /** Standing bids, highest first (ten at most). */
  bids: { bidder: string; price: string; placedAt: string }[];
  winner: string | null;
  settleTxHash: string | null;
}

/** The active listing with what a buyer needs to fulfil it on Seaport. */
export interface ListingDetail extends ListingSummary {
  /** The timed auction, when the listing is one. */
  auction?: AuctionView | null;
  id: number;
  sellerAddress: string;
  startsAt: string;
  /** The exchange contract (Seaport) the order is signed for. */
  exchange: string;
  counter: string;
  /** Seaport OrderComponents as signed (uint256 fields as decimal strings). */
  order: Record<string, unknown>;
  signature: string;
}

/** Kinds of activity rows: a mint, a listing (with its status), a sale (which is also the transfer). */
export type ActivityType = 'mint' | 'listing' | 'sale';

/** One row of a card's, a wallet's or a category's activity. */
export interface ActivityItem {
  type: ActivityType;
  at: string;
  card: { id: number | null; chainId: number; contractAddress: string; tokenId: string; name: string | null };
  /** Seller (sale, listing); null for a mint. */
  from: string | null;
  /** Buyer (sale) or the creator (mint); null for a listing. */
  to: string | null;
  price: string | null;
  currencyCode: number | null;
  txHash: string | null;
  orderHash: string | null;
  /** A listing's status (`active`, `sold`, `cancelled`, `expired`); null for other rows. */
  status: string | null;
}

/** One card with everything the token page shows. */
export interface CardDetail extends Omit<CardSummary, 'listing' | 'category' | 'creator' | 'bestOffer'> {
  description: string | null;
  descriptionEn: string | null;
  metadata: Record<string, unknown>;
  traits: CardTrait[];
  mintedAt: string | null;
  category: (CardCategoryRef & { image: string | null; contractAddress: string }) | null;
  creator: (CreatorRef & { image: string | null }) | null;
  listing: ListingDetail | null;
  /** The owner's public name (their profile name, or a creator's name), or null when they have none. */
  ownerName: { name: string; nameEn: string | null } | null;
  /**
   * The platform fee an admin set for this card's chain (basis points), or null when none is set: the
   * trading feature then applies its default (`src/features/trading/terms/platformFee.server.ts`).
   */
  platformFeeBps: number | null;
  /**
   * Whether its collection guarantees the royalty: the card moves by an operator only inside a fill the Kirafuda
   * zone authorized; its holder's own transfers (gifts) stay free.
   */
  royaltyGuaranteed: boolean;
  /** Latest mints, listings and sales of this card, newest first. */
  activity: ActivityItem[];
  /** The card's last sale (../market). */
  lastSale: CardMarketFacts['lastSale'];
  /** How many users favour the card (../social). */
  favoriteCount: number;
}

/** An amount per currency (volume, floor price, balance...). */
export interface CurrencyAmount {
  chainId: number;
  currencyCode: number;
  /** Wei, decimal string. */
  amount: string;
}

/** Sales volume in one currency. */
export interface CurrencyVolume extends CurrencyAmount {
  sales: number;
}

/** A category (collection) in lists and on its page. */
export interface CategorySummary {
  id: number;
  chainId: number;
  contractAddress: string;
  name: string;
  nameEn: string | null;
  image: string | null;
  description: string | null;
  descriptionEn: string | null;
  /**
   * Whether the collection's royalty is guaranteed: its cards move by an operator only inside a fill the Kirafuda
   * zone authorized (so every sale pays the royalty); their holder's own transfers stay free.
   */
  royaltyGuaranteed: boolean;
  creator: CreatorRef | null;
  cardCount: number;
  /** Lowest active listing price per currency. */
  floor: CurrencyAmount[];
  /** All-time sales per currency. */
  volume: CurrencyVolume[];
  createdAt: string;
}

/** A creator (illustrator) in lists. */
export interface CreatorSummary extends CreatorRef {
  image: string | null;
  categoryCount: number;
  cardCount: number;
  /** Number of sales of their cards, all time. */
  salesCount: number;
  createdAt: string;
}

/** A creator's page: the summary, their collections and their sales volume per currency. */
export interface CreatorDetail extends CreatorSummary {
  categories: CategorySummary[];
  volume: CurrencyVolume[];
}

/** One page of a card list; `totalExact` is false when `total` is a lower bound ("1,000+"). */
export type CardPage = Page<CardSummary> & {
  totalExact: boolean;
  /** The cursor of the next page (`?after=`, keyset paging), null on the last page. */
  next: string | null;
};
