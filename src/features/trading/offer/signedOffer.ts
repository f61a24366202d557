/**
 * An offer's signed Seaport order, asked for when an act needs it (an owner accepting, a maker cancelling on chain)
 * rather than sent with every page that lists offers: `GET /api/v1/offers/{order_hash}` (with `token_id`, a trait
 * offer's proof for that card).
 */
import { api } from '~/client/siteApi';
import type { OfferItemProps, SignedOffer } from './offerModel';

/** The offer `offer` with its signed order (and `tokenId`'s proof, for a trait offer). */
export async function withSignedOffer<O extends Pick<OfferItemProps, 'orderHash'>>(
  offer: O,
  tokenId?: string,
): Promise<O & SignedOffer> {
  const { offer: signed } = await api.get<{ offer: SignedOffer }>(`/api/v1/offers/${offer.orderHash}`, {
    ...(tokenId === undefined ? {} : { query: { token_id: tokenId } }),
  });
  return {
    ...offer,
    order: signed.order,
    signature: signed.signature,
    ...(signed.proof ? { proof: signed.proof } : {}),
  };
}
