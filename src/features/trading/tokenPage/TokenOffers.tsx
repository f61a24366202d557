/**
 * A token page's offers island, which also acts on the card's trade offers: the offers' panel in its section
 * (../offer/OffersPanel.tsx) and the trade offers' panel (../trade/TradeOffersPanel.tsx) drawn into the trade
 * offers section's `[data-trade-offers-slot]` once hydrated. Both wait for the same moment
 * (`client:interaction="signed-in"`) and the trade offers' props are the offers' own card, so one island carries
 * them: the page pays one island's tag and props for the two. The trade offers' panel draws nothing on the server
 * (its acts are the viewer's), so drawing it after hydration shows what the page showed before.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import OffersPanel, { type OffersPanelProps } from '../offer/OffersPanel';
import TradeOffersPanel from '../trade/TradeOffersPanel';

/** The island (see the module comment): the offers' props; the trade offers' are derived from the card's. */
export default function TokenOffers(props: OffersPanelProps) {
  const [tradeSlot, setTradeSlot] = useState<Element | null>(null);
  useEffect(() => setTradeSlot(document.querySelector('[data-trade-offers-slot]')), []);
  const { scope, termsKey, locale } = props;
  return (
    <>
      <OffersPanel {...props} />
      {tradeSlot &&
        scope.kind === 'token' &&
        createPortal(
          <TradeOffersPanel
            termsKey={termsKey}
            card={{ contractAddress: scope.contractAddress, tokenId: scope.tokenId, owner: scope.owner }}
            locale={locale}
          />,
          tradeSlot,
        )}
    </>
  );
}
