/**
 * The offers island's props on the server: the trade props of the page (chain, Seaport, conduit, fee,
 * currencies), the offers as the island needs them, its messages in the visitor's language, and the chain's
 * wrapped coin (which the form can wrap on the way).
 */
import { isDeployedAddress } from '../../chains/chainConfig';
import type { Chain } from '../../chains/chains';
import type { Translate } from '../../i18n/t';
import type { TradeActionsProps } from '../parts/tradeModel';
import type { OfferTrait } from './MakeOfferForm';
import type { OffersPanelProps } from './OffersPanel';
import { OFFER_MESSAGE_KEYS, type OfferItemProps, type OfferMessages } from './offerModel';
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

/** The island's props for a token page (`traits` undefined) or a collection page. */
export function offerPanelProps(input: {
  trade: TradeActionsProps;
  chain: Chain;
  offers: readonly OfferView[];
  traits?: OfferTrait[];
  t: Translate;
  locale: string;
}): OffersPanelProps {
  const wrapped = input.chain.contracts.payment;
  return {
    trade: input.trade,
    offers: input.offers.map(offerItem),
    m: offerMessages(input.t),
    scope: input.traits ? { kind: 'collection', traits: input.traits } : { kind: 'token' },
    wrappedToken: isDeployedAddress(wrapped) ? wrapped.toLowerCase() : null,
    locale: input.locale,
  };
}
