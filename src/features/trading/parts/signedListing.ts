/**
 * A listing's signed Seaport order, fetched when an act needs it (buying, cancelling on chain) rather than sent
 * with every token page: the page's island knows the listing by its hash, and the public card API
 * (`GET /api/v1/cards/{chain_id}/{contract}/{token_id}`) answers the order and signature. A listing that changed
 * since the page was drawn (sold, cancelled, listed again) is refused rather than acted on.
 */
import { api } from '~/client/siteApi';

/** A listing's order in its JSON form and its signature. */
export interface SignedListing {
  order: Record<string, unknown>;
  signature: string;
}

/** The part of the card API's answer read here. */
interface CardAnswer {
  listing: { orderHash: string; order: Record<string, unknown>; signature: string } | null;
}

/**
 * The signed order of the listing `orderHash` of the card.
 * @throws Error `Order not found` when the card's listing is no longer that one
 */
export async function loadSignedListing(
  chainId: number,
  card: { contractAddress: string; tokenId: string },
  orderHash: string,
): Promise<SignedListing> {
  const answer = await api.get<CardAnswer>(`/api/v1/cards/${chainId}/${card.contractAddress}/${card.tokenId}`);
  const listing = answer.listing;
  if (!listing || listing.orderHash.toLowerCase() !== orderHash.toLowerCase()) throw new Error('Order not found');
  return { order: listing.order, signature: listing.signature };
}
