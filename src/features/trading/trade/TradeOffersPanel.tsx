/**
 * The trade offers island of a token page (./TradeOffersSection.astro). The page renders the card's open trade
 * offers itself, so the island's props do not grow with them; the island reads the list's items when it hydrates
 * (./tradeRows.ts) and, once the page knows who is looking, gives the offer's taker (the card's holder, or the collector of a counter) gets
 * "Accept" (their wallet sends the fill the zone signed for them), "Decline" (no gas) and, on an offer for their
 * card, "Counter" (./CounterTradeForm.tsx); a signed-in collector who does not hold the card gets "Offer your
 * cards" (./MakeTradeForm.tsx). The flows (and viem) load only when used.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { api } from '~/client/siteApi';
import { useCurrentUser } from '~/features/session/useCurrentUser';
import { TradeButton } from '../parts/TradeFields';
import { tradeMessagesIn } from '../parts/tradeMessages';
import { sharedTerms } from '../terms/sharedTerms';
import { TradeStatusLines } from '../wallet/TradeProgressNote';
import { useTradeRunner } from '../wallet/useTradeRunner';
import { CounterTradeForm } from './CounterTradeForm';
import { MakeTradeForm } from './MakeTradeForm';
import { readTradeRows, type TradeRowOffer, type TradeTableRow } from './tradeRows';
import { tradeOfferMessagesIn } from './tradeView';

/** What the page hands the island. */
export interface TradeOffersPanelProps {
  /** The page's trading terms (../terms/sharedTerms.ts). */
  termsKey: string;
  /** The page's card and its holder. */
  card: { contractAddress: string; tokenId: string; owner: string };
  locale: string;
}

/** The island (see the module comment). */
export default function TradeOffersPanel({ termsKey, card, locale }: TradeOffersPanelProps) {
  const terms = sharedTerms(termsKey);
  const m = tradeOfferMessagesIn(locale);
  const tm = tradeMessagesIn(locale);
  const viewer = useCurrentUser()?.walletAddress?.toLowerCase() ?? null;
  const runner = useTradeRunner(tm);
  const [done, setDone] = useState<Record<number, string>>({});
  const [countering, setCountering] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  // The list's items, read from the page once hydrated.
  const root = useRef<HTMLDivElement>(null);
  const [rows, setRows] = useState<readonly TradeTableRow[]>([]);
  useEffect(() => {
    const section = root.current?.closest('section');
    if (section) setRows(readTradeRows(section));
  }, []);
  const holder = viewer !== null && viewer === card.owner.toLowerCase();
  /** What both trade forms get from the island. */
  const forms = { terms, card, m, tm, runner };

  const accept = (trade: TradeRowOffer) =>
    runner.start(async () => {
      const { acceptTradeFlow } = await import('./acceptTradeFlow');
      return async (provider, onProgress) => {
        await acceptTradeFlow(provider, terms, trade, onProgress);
        setDone((current) => ({ ...current, [trade.id]: m.accepted }));
      };
    });
  const decline = (trade: TradeRowOffer) =>
    runner.start(async () => async () => {
      await api.post(`/api/v1/trade_offers/${trade.id}/decline`, {});
      setDone((current) => ({ ...current, [trade.id]: m.declined }));
    });

  return (
    <div className="contents" ref={root} data-busy={runner.busy ? 'true' : undefined}>
      {rows.map(({ trade, acts }) =>
        createPortal(
          done[trade.id] ? (
            <p role="status">{done[trade.id]}</p>
          ) : (
            viewer === trade.taker &&
              (countering === trade.id && viewer ? (
                <CounterTradeForm
                  {...forms}
                  trade={trade}
                  userWallet={viewer}
                  onClose={() => setCountering(null)}
                  onDone={() => setDone((current) => ({ ...current, [trade.id]: m.countered }))}
                />
              ) : (
                <div className="flex flex-wrap gap-2">
                  <TradeButton disabled={runner.busy} onClick={() => accept(trade)}>
                    {m.accept}
                  </TradeButton>
                  <TradeButton disabled={runner.busy} onClick={() => decline(trade)}>
                    {m.decline}
                  </TradeButton>
                  {holder && !trade.counter && (
                    <TradeButton disabled={runner.busy} onClick={() => setCountering(trade.id)}>
                      {m.counterButton}
                    </TradeButton>
                  )}
                </div>
              ))
          ),
          acts,
          String(trade.id),
        ),
      )}
      {viewer &&
        !holder &&
        (sent ? (
          <p role="status">{m.sent}</p>
        ) : (
          <MakeTradeForm {...forms} userWallet={viewer} onDone={() => setSent(true)} />
        ))}
      <TradeStatusLines status={runner.status} messages={tm} chain={terms.chain} />
    </div>
  );
}
