/**
 * The offers island of a token page or a collection page: the offers table (rendered on the server, so it
 * shows without JavaScript) and, once the page knows who is looking, "Make offer" for anyone signed in who
 * does not own the card, "Accept" for its owner and "Cancel" for an offer's maker. A visitor who is not
 * signed in gets "Make offer" as a link that opens the connect modal (the connect page without scripts). The
 * acts' flows (and viem) load only when used.
 */
import { useState } from 'react';
import { useCurrentUser } from '../../session/useCurrentUser';
import type { TradeActionsProps } from '../parts/tradeModel';
import { TRADE_BUTTON } from '../parts/tradeStyles';
import { TradeProgressNote } from '../wallet/TradeProgressNote';
import { useTradeRunner } from '../wallet/useTradeRunner';
import { MakeOfferForm, type OfferTrait } from './MakeOfferForm';
import { OffersTable } from './OffersTable';
import type { OfferItemProps, OfferMessages } from './offerModel';

/** What the page hands the island. */
export interface OffersPanelProps {
  trade: TradeActionsProps;
  offers: OfferItemProps[];
  m: OfferMessages;
  /** A token page's offers (its owner may accept) or a collection's (with its traits). */
  scope: { kind: 'token' } | { kind: 'collection'; traits: OfferTrait[] };
  /** The chain's wrapped native coin, which the form can wrap on the way; null when none. */
  wrappedToken: string | null;
  locale: string;
}

/** The island (see the module comment). */
export default function OffersPanel({ trade: pageTrade, offers, m, scope, wrappedToken, locale }: OffersPanelProps) {
  const user = useCurrentUser();
  const [sent, setSent] = useState(false);
  const viewer = user?.walletAddress ?? null;
  const trade = { ...pageTrade, userWallet: viewer, messages: { ...pageTrade.messages, signing: m.signing } };
  const runner = useTradeRunner(trade.messages);
  const owner = scope.kind === 'token' ? pageTrade.owner : null;
  // A card in a timed auction takes bids (the trading island's bid form), not free-form offers.
  const inAuction = scope.kind === 'token' && pageTrade.listing?.auction != null;
  const canOffer = viewer !== null && !inAuction && (owner === null || owner.toLowerCase() !== viewer.toLowerCase());
  const { status } = runner;

  return (
    <section className="grid gap-3" aria-labelledby="offers-heading" data-busy={runner.busy ? 'true' : undefined}>
      <h2 id="offers-heading" className="text-lg font-bold">
        {m.heading}
      </h2>
      <OffersTable trade={trade} offers={offers} m={m} runner={runner} owner={owner} locale={locale} />
      {viewer === null && !inAuction && (
        <div className="flex flex-wrap items-center gap-3" data-connect-to-offer>
          <a className={`${TRADE_BUTTON} inline-block`} href={`${trade.localePrefix}/connect-wallet`} data-open-connect>
            {m.make}
          </a>
          <p className="text-sm text-ink-muted">{m.connectToOffer}</p>
        </div>
      )}
      {canOffer && !sent && (
        <MakeOfferForm
          trade={trade}
          m={m}
          runner={runner}
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
      {status.kind === 'busy' && status.progress && <TradeProgressNote progress={status.progress} props={trade} />}
      {status.kind === 'error' && (
        <p role="alert" className="text-sm text-danger">
          {status.text}
        </p>
      )}
    </section>
  );
}
