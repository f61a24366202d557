/**
 * The offers island of a token page or a collection page (./OffersSection.astro). The page renders the offers
 * table itself (./OffersTable.astro), so the island's props do not grow with the offers; the island reads the
 * table's rows when it hydrates (./offerRows.ts) and, once the page knows who is looking, puts the acts into
 * them and beside them: "Make offer" for anyone signed in who
 * does not own the card, "Accept" and "Sell now" (its best offer in one action) for its owner and "Cancel" for
 * an offer's maker. A visitor who is not signed in gets "Make offer" as a link that opens the connect modal (the
 * connect page without scripts). The acts' flows (and viem) load only when used.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { interpolate } from '~/features/i18n/format';
import { useCurrentUser } from '~/features/session/useCurrentUser';
import { priceText } from '~/ui/data/priceText';
import { ConnectFirst } from '../parts/ConnectFirst';
import { tradeMessagesIn } from '../parts/tradeMessages';
import { TRADE_BUTTON } from '../parts/tradeStyles';
import { sharedTerms } from '../terms/sharedTerms';
import { TradeStatusLines } from '../wallet/TradeProgressNote';
import { useTradeRunner } from '../wallet/useTradeRunner';
import { MakeOfferForm } from './MakeOfferForm';
import { OfferActs } from './OfferActs';
import { bestOffer, type OfferScope, offerMessagesIn } from './offerModel';
import { type OfferTableRow, readOfferRows } from './offerRows';

/** What the page hands the island. */
export interface OffersPanelProps {
  /** The page's trading terms (../terms/sharedTerms.ts). */
  termsKey: string;
  /** A token page's offers (its owner may accept) or a collection's (with its traits). */
  scope: OfferScope;
  /** The chain's wrapped native coin, which the form can wrap on the way; null when none. */
  wrappedToken: string | null;
  /** Locale prefix for links ('' for ja, '/en' for en). */
  localePrefix: string;
  locale: string;
}

/** The island (see the module comment). */
export default function OffersPanel({ termsKey, scope, wrappedToken, localePrefix, locale }: OffersPanelProps) {
  const terms = sharedTerms(termsKey);
  const m = offerMessagesIn(locale);
  const tm = tradeMessagesIn(locale);
  const user = useCurrentUser();
  const [sent, setSent] = useState(false);
  // The table's rows and the place of "Sell now" above it, read from the page once hydrated.
  const root = useRef<HTMLDivElement>(null);
  const [rows, setRows] = useState<readonly OfferTableRow[]>([]);
  const [sellNowSlot, setSellNowSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const section = root.current?.closest('section');
    if (!section) return;
    setRows(readOfferRows(section));
    setSellNowSlot(section.querySelector<HTMLElement>('[data-sell-now-slot]'));
  }, []);
  const viewer = user?.walletAddress ?? null;
  const messages = { ...tm, signing: m.signing };
  const runner = useTradeRunner(messages);
  const card = scope.kind === 'token' ? scope : null;
  const owner = card?.owner ?? null;
  // A card in a timed auction takes bids (the trading island's bid form), not free-form offers.
  const inAuction = card?.inAuction === true;
  const canOffer = viewer !== null && !inAuction && (owner === null || owner.toLowerCase() !== viewer.toLowerCase());
  const { status } = runner;
  // "Sell now": the owner accepts the best offer in the chain's wrapped coin in one action.
  const best = card
    ? bestOffer(
        rows.map((row) => ({ ...row.offer, token: row.wrapped ? (wrappedToken ?? '') : '' })),
        viewer,
        owner,
        wrappedToken,
      )
    : null;
  const sellNow = () =>
    runner.start(async () => {
      const [{ acceptOfferFlow }, { withSignedOffer }] = await Promise.all([
        import('./acceptOfferFlow'),
        import('./signedOffer'),
      ]);
      return async (provider, onProgress) => {
        if (!card || !best) return;
        await acceptOfferFlow(provider, terms, card, await withSignedOffer(best, card.tokenId), onProgress);
        window.location.reload();
      };
    });
  /** What the offers' table and form take alike. */
  const acts = { terms, userWallet: viewer, m, runner };

  return (
    <div className="contents" ref={root} data-busy={runner.busy ? 'true' : undefined}>
      {best &&
        sellNowSlot &&
        createPortal(
          <button
            type="button"
            className={TRADE_BUTTON}
            disabled={runner.busy}
            onClick={() => void sellNow()}
            data-sell-now
          >
            {interpolate(m.sellNow, { price: priceText(best.price, best.currencyCode, 6) })}
          </button>,
          sellNowSlot,
        )}
      <OfferActs {...acts} rows={rows} card={card} />
      {viewer === null && !inAuction && (
        <ConnectFirst localePrefix={localePrefix} act={m.make} note={m.connectToOffer} data-connect-to-offer />
      )}
      {canOffer && !sent && (
        <MakeOfferForm
          {...acts}
          tm={messages}
          scope={scope}
          wrappedToken={wrappedToken}
          onDone={() => {
            setSent(true);
            window.location.reload();
          }}
        />
      )}
      {sent && (
        <p role="status" className="text-sm">
          {m.made}
        </p>
      )}
      <TradeStatusLines status={status} messages={messages} chain={terms.chain} />
    </div>
  );
}
