/**
 * Pure parts of the token page's trading island: the props the server computes, which action the viewer
 * gets, price and expiry parsing, and explorer links. No wallet library here, so the island can import this
 * module statically and keep viem out of the page's initial JavaScript.
 *
 * @see docs/product-spec.md §2 (/tokens/...), §3 "Sell-card payload", §8
 */

/** One currency the seller may list in on the token's chain. */
export interface TradeCurrency {
  code: number;
  symbol: string;
  decimals: number;
  /** ERC-20 contract, or the zero address for the native coin. */
  token: string;
}

/** The active listing as the island needs it (the signed Seaport order in its JSON form). */
export interface TradeListing {
  orderHash: string;
  price: string;
  currencyCode: number;
  sellerAddress: string;
  exchange: string;
  order: Record<string, unknown>;
  signature: string;
  /** Why it cannot be bought right now, or null (buyers get no Buy button then). */
  unbuyableReason: string | null;
  /** `fixed`, `declining` or `auction` (the last is not sold from a cart). */
  saleType: string;
  /** What a buyer pays now (wei, decimal string). */
  currentPrice: string;
  /** A timed auction's state, when the listing is one. */
  auction: TradeAuction | null;
}

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

/** The chain as the island needs it (enough to switch or add it in the wallet). */
export interface TradeChain {
  chainId: number;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: readonly string[];
  blockExplorerUrls: readonly string[];
}

/** Everything the island gets from the server. */
export interface TradeActionsProps {
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
  feeBps: number;
  contractAddress: string;
  tokenId: string;
  /** The card's name and image, as a cart keeps them. */
  cardName: string;
  /** The card's English name, or null (the cart shows it on the English pages). */
  cardNameEn: string | null;
  cardImage: string | null;
  owner: string;
  listing: TradeListing | null;
  currencies: readonly TradeCurrency[];
  /** The signed-in user's wallet, or null. */
  userWallet: string | null;
  /** Locale prefix for links ('' for ja, '/en' for en). */
  localePrefix: string;
  /** `trade.*` messages, keyed without the prefix. */
  messages: TradeMessages;
}

/** Keys of the island's messages (`trade.<key>` in ja.json / en.json). */
export const TRADE_MESSAGE_KEYS = [
  'sell',
  'price',
  'currency',
  'expiryDays',
  'submitSell',
  'buy',
  'cancelListing',
  'connectFirst',
  'connectToTrade',
  'noWallet',
  'switching',
  'wrapping',
  'approving',
  'signing',
  'walletPrompt',
  'pending',
  'viewTx',
  'confirmed',
  'owned',
  'listed',
  'cancelled',
  'signRefused',
  'declined',
  'invalidPrice',
  'invalidExpiry',
  'noFeeRecipient',
  'failed',
  'refused',
  'close',
  'saleType',
  'saleFixed',
  'saleDeclining',
  'saleAuction',
  'endPrice',
  'reserve',
  'auctionDays',
  'auctionErc20',
  'invalidEndPrice',
  'bid',
  'bidAmount',
  'bidMinimum',
  'bidBackup',
  'placeBid',
  'hasBids',
  'bidPlaced',
  'addToCart',
  'inCart',
  'viewCart',
  'cartFull',
  'checking',
] as const;

/** One message key. */
export type TradeMessageKey = (typeof TRADE_MESSAGE_KEYS)[number];

/** The messages the island shows. */
export type TradeMessages = Record<TradeMessageKey, string>;

/** What the viewer can do with the card. */
export type TradeRole = 'sell' | 'cancel' | 'buy' | 'bid' | 'signIn' | 'none';

const same = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * The action the viewer gets: the owner sells (no listing) or cancels (own listing); anyone else buys a
 * listing that can be bought now (signed out: asked to sign in); nothing otherwise.
 */
export function tradeRole(input: {
  owner: string;
  userWallet: string | null;
  listing:
    | (Pick<TradeListing, 'sellerAddress' | 'unbuyableReason'> & Partial<Pick<TradeListing, 'auction' | 'saleType'>>)
    | null;
  /** Now, in ms (a timed auction takes bids until its end). */
  now?: number;
}): TradeRole {
  const { owner, userWallet, listing } = input;
  const auction = listing?.auction;
  // An auction listing is filled only by the settlement: never a Buy button, even without its auction's state.
  if (listing?.saleType === 'auction' && !auction) return same(listing.sellerAddress, userWallet) ? 'cancel' : 'none';
  if (listing && auction) {
    // The seller may cancel an auction only before its first bid; bids come until the end.
    if (same(listing.sellerAddress, userWallet)) return auction.bidCount === 0 ? 'cancel' : 'none';
    const open = auction.status === 'running' && Date.parse(auction.endsAt) > (input.now ?? Date.now());
    if (!open || listing.unbuyableReason) return 'none';
    return userWallet ? 'bid' : 'signIn';
  }
  if (listing) {
    if (same(listing.sellerAddress, userWallet)) return 'cancel';
    if (listing.unbuyableReason) return 'none';
    return userWallet ? 'buy' : 'signIn';
  }
  return same(owner, userWallet) ? 'sell' : 'none';
}

/**
 * Parses a decimal amount typed by the user ("0.5", "12", "1,000.25") into the smallest unit; null for
 * anything that is not a positive number with at most `decimals` fraction digits.
 */
export function parseAmount(text: string, decimals: number): bigint | null {
  const cleaned = text.trim().replace(/,/g, '');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || cleaned === '' || cleaned === '.') return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  const value = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
  return value > 0n ? value : null;
}

/** Longest listing the form offers, in days. */
export const MAX_EXPIRY_DAYS = 180;

/**
 * The listing's start and end (unix seconds) for an expiry of `days` whole days from `nowSeconds`;
 * null for a number of days outside 1..{@link MAX_EXPIRY_DAYS}.
 */
export function listingWindow(nowSeconds: number, days: number): { startTime: bigint; endTime: bigint } | null {
  if (!Number.isInteger(days) || days < 1 || days > MAX_EXPIRY_DAYS) return null;
  const start = Math.floor(nowSeconds);
  return { startTime: BigInt(start), endTime: BigInt(start + days * 86_400) };
}

/** The explorer page of a transaction, or null when the chain has no explorer. */
export function explorerTxUrl(explorers: readonly string[], hash: string): string | null {
  const base = explorers[0];
  return base ? `${base.replace(/\/+$/, '')}/tx/${hash}` : null;
}

/** The seller's page after listing: `/user/{wallet}` under the locale prefix. */
export function userPagePath(localePrefix: string, wallet: string): string {
  return `${localePrefix}/user/${wallet}`;
}

/** A random 256-bit salt as a bigint, from `crypto.getRandomValues`. */
export function randomSalt(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): bigint {
  const bytes = random(new Uint8Array(32));
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** The wallet to use: the first EIP-6963 announced one, else `window.ethereum`. */
export function pickProvider<P>(announced: readonly { provider: P }[], injected: P | null): P | null {
  return announced[0]?.provider ?? injected;
}

/** Minimum gas price (5 gwei) as the hex quantity wallets read. @see spec §5 */
const MIN_GAS_PRICE = 5_000_000_000n;

/**
 * Applies the 5 gwei floor to an `eth_sendTransaction` request: a `gasPrice` or `maxFeePerGas` below the
 * floor is raised; a request with neither gets `gasPrice` = max(network price, floor).
 * @see spec §5 "Gas price is floored at 5 gwei"
 */
export function withGasFloor(tx: Record<string, unknown>, networkGasPrice: bigint): Record<string, unknown> {
  const floor = (value: bigint) => `0x${(value < MIN_GAS_PRICE ? MIN_GAS_PRICE : value).toString(16)}`;
  const read = (value: unknown): bigint | undefined =>
    typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : undefined;
  const gasPrice = read(tx['gasPrice']);
  const maxFee = read(tx['maxFeePerGas']);
  if (gasPrice !== undefined) return { ...tx, gasPrice: floor(gasPrice) };
  if (maxFee !== undefined) return { ...tx, maxFeePerGas: floor(maxFee) };
  return { ...tx, gasPrice: floor(networkGasPrice) };
}
