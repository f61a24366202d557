/**
 * Which act the token page's trading island offers the visitor: sell, cancel, buy, bid, sign in first, or
 * nothing. Pure, so the island decides it on its first render as the server did (nobody signed in).
 *
 * @see docs/product-spec.md §2 (/tokens/...), §8
 */
import type { TradeListing } from '../parts/tradeCard';

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
