/**
 * The offers island's props on the server: the key of the page's trading terms (Seaport, conduit, fee, currencies;
 * shared once, ../terms/sharedTerms.ts), where the offers are (one card, or a collection and its traits), the
 * visitor's language (its messages load with its code), and the chain's wrapped coin (which the form can wrap on
 * the way). Not the offers: the page renders them (./OffersTable.astro), so the props weigh the same however many
 * there are.
 */
import { isDeployedAddress } from '~/features/chains/chainConfig';
import type { Chain } from '~/features/chains/chains';
import type { TradeCard } from '../parts/tradeCard';
import { shareTerms } from '../terms/sharedTerms';
import type { TradeTerms } from '../terms/tradeTerms';
import type { OffersPanelProps } from './OffersPanel';
import { type OfferCard, type OfferItemProps, type OfferScope, offeredToken, type SignedOfferItem } from './offerModel';
import type { OfferView } from './offerView';

/** One offer with its signed order (the best-offers API's). */
export function offerItem(view: OfferView): SignedOfferItem {
  return {
    orderHash: view.orderHash,
    kind: view.kind,
    price: view.price,
    currencyCode: view.currencyCode,
    offerer: view.offerer,
    expiresAt: view.expiresAt,
    active: view.active,
    bid: view.bid,
    remaining: view.remaining,
    trait: view.trait,
    token: offeredToken(view),
    order: view.order,
    signature: view.signature,
    ...(view.proof ? { proof: view.proof } : {}),
  };
}

/** An offer as its table row gives it to the island: no signed order (asked for when it acts, ./signedOffer.ts). */
export function offerSummary(view: OfferView): OfferItemProps {
  const { order: _order, signature: _signature, proof: _proof, token: _token, ...summary } = offerItem(view);
  return summary;
}

/** A token page's scope: its card, whose owner may accept, and whether it is in a timed auction. */
export function tokenOfferScope(card: Pick<TradeCard, 'contractAddress' | 'tokenId' | 'owner' | 'listing'>): OfferCard {
  return {
    kind: 'token',
    contractAddress: card.contractAddress,
    tokenId: card.tokenId,
    owner: card.owner,
    inAuction: card.listing?.auction != null,
  };
}

/** The chain's wrapped native coin (lower-case), which an offer form can wrap and "Sell now" accepts; null when none. */
export function wrappedTokenOf(chain: Pick<Chain, 'contracts'>): string | null {
  const wrapped = chain.contracts.payment;
  return isDeployedAddress(wrapped) ? wrapped.toLowerCase() : null;
}

/** The island's props for a token page or a collection page (`scope`). */
export function offerPanelProps(input: {
  terms: TradeTerms;
  chain: Chain;
  scope: OfferScope;
  localePrefix: string;
  locale: string;
}): OffersPanelProps {
  return {
    termsKey: shareTerms(input.terms),
    scope: input.scope,
    wrappedToken: wrappedTokenOf(input.chain),
    localePrefix: input.localePrefix,
    locale: input.locale,
  };
}
