/**
 * The offers island's props on the server: the chain's trading terms (Seaport, conduit, fee, currencies),
 * where the offers are (one card, or a collection and its traits), the offers as the island needs them, its
 * messages in the visitor's language, and the chain's wrapped coin (which the form can wrap on the way).
 */
import { isDeployedAddress } from '~/features/chains/chainConfig';
import type { Chain } from '~/features/chains/chains';
import type { Translate } from '~/features/i18n/t';
import type { TradeCard } from '../parts/tradeCard';
import { tradeMessages } from '../parts/tradeMessages';
import type { TradeTerms } from '../terms/tradeTerms';
import type { OffersPanelProps } from './OffersPanel';
import {
  OFFER_MESSAGE_KEYS,
  type OfferCard,
  type OfferItemProps,
  type OfferMessages,
  type OfferScope,
} from './offerModel';
import type { OfferView } from './offerView';

/** The island's view of one offer. */
export function offerItem(view: OfferView): OfferItemProps {
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
    order: view.order,
    signature: view.signature,
    ...(view.proof ? { proof: view.proof } : {}),
  };
}

/** The island's messages in the visitor's language. */
export function offerMessages(t: Translate): OfferMessages {
  return Object.fromEntries(OFFER_MESSAGE_KEYS.map((key) => [key, t(`offer.${key}`)])) as OfferMessages;
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

/** The island's props for a token page or a collection page (`scope`). */
export function offerPanelProps(input: {
  terms: TradeTerms;
  chain: Chain;
  scope: OfferScope;
  offers: readonly OfferView[];
  localePrefix: string;
  t: Translate;
  locale: string;
}): OffersPanelProps {
  const wrapped = input.chain.contracts.payment;
  return {
    terms: input.terms,
    offers: input.offers.map(offerItem),
    m: offerMessages(input.t),
    tm: tradeMessages(input.t),
    scope: input.scope,
    wrappedToken: isDeployedAddress(wrapped) ? wrapped.toLowerCase() : null,
    localePrefix: input.localePrefix,
    locale: input.locale,
  };
}
