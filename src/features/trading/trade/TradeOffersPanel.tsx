/**
 * The trade offers island of a token page: the card's open trade offers (rendered on the server, so the list shows
 * without JavaScript), each saying which cards the collector gives for which, the coin added and until when;
 * once the page knows who is looking, the offer's taker (the card's holder, or the collector of a counter) gets
 * "Accept" (their wallet sends the fill the zone signed for them), "Decline" (no gas) and, on an offer for their
 * card, "Counter" (./CounterTradeForm.tsx); a signed-in collector who does not hold the card gets "Offer your
 * cards" (./MakeTradeForm.tsx). The flows (and viem) load only when used.
 */
import { useState } from 'react';
import { api } from '~/client/siteApi';
import { interpolate } from '~/features/i18n/format';
import { useCurrentUser } from '~/features/session/useCurrentUser';
import { shortenAddress } from '~/lib/addresses';
import { formatDateTime } from '~/lib/dates';
import { priceText } from '~/ui/data/priceText';
import { TradeButton } from '../parts/TradeFields';
import { tradeMessagesIn } from '../parts/tradeMessages';
import { sharedTerms } from '../terms/sharedTerms';
import { TradeStatusLines } from '../wallet/TradeProgressNote';
import { useTradeRunner } from '../wallet/useTradeRunner';
import { CounterTradeForm } from './CounterTradeForm';
import { MakeTradeForm } from './MakeTradeForm';
import { type TradeOfferView, tradeOfferMessagesIn } from './tradeView';

/** What the page hands the island. */
export interface TradeOffersPanelProps {
  /** The page's trading terms (../terms/sharedTerms.ts). */
  termsKey: string;
  /** The page's card and its holder. */
  card: { contractAddress: string; tokenId: string; owner: string };
  trades: TradeOfferView[];
  locale: string;
}

const ids = (list: readonly string[]) => list.map((id) => `#${id}`).join(', ');

/** The island (see the module comment). */
export default function TradeOffersPanel({ termsKey, card, trades, locale }: TradeOffersPanelProps) {
  const terms = sharedTerms(termsKey);
  const m = tradeOfferMessagesIn(locale);
  const tm = tradeMessagesIn(locale);
  const viewer = useCurrentUser()?.walletAddress?.toLowerCase() ?? null;
  const runner = useTradeRunner(tm);
  const [done, setDone] = useState<Record<number, string>>({});
  const [countering, setCountering] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const holder = viewer !== null && viewer === card.owner.toLowerCase();
  /** What both trade forms get from the island. */
  const forms = { terms, card, m, tm, runner };

  const accept = (trade: TradeOfferView) =>
    runner.start(async () => {
      const { acceptTradeFlow } = await import('./acceptTradeFlow');
      return async (provider, onProgress) => {
        await acceptTradeFlow(provider, terms, trade, onProgress);
        setDone((current) => ({ ...current, [trade.id]: m.accepted }));
      };
    });
  const decline = (trade: TradeOfferView) =>
    runner.start(async () => async () => {
      await api.post(`/api/v1/trade_offers/${trade.id}/decline`, {});
      setDone((current) => ({ ...current, [trade.id]: m.declined }));
    });

  return (
    <section className="grid gap-3" aria-labelledby="trade-offers-heading" data-busy={runner.busy ? 'true' : undefined}>
      <h2 id="trade-offers-heading" className="text-lg font-bold">
        {m.heading}
      </h2>
      {trades.length === 0 ? (
        <p className="text-sm text-ink-muted">{m.none}</p>
      ) : (
        <ul className="grid gap-2">
          {trades.map((trade) => (
            <li
              key={trade.id}
              className="grid gap-1 rounded-lg border border-surface-border p-3 text-sm"
              data-trade-offer={trade.id}
            >
              <p className="break-words">
                {trade.counter && <span className="mr-1 font-semibold">{m.counter}</span>}
                {interpolate(m.offer, {
                  from: shortenAddress(trade.offerer),
                  gives: ids(trade.gives),
                  asks: ids(trade.asks),
                })}
              </p>
              {trade.coin && (
                <p>{interpolate(m.coin, { amount: priceText(trade.coin.amount, trade.coin.currencyCode) })}</p>
              )}
              <p className="text-ink-muted">{interpolate(m.until, { at: formatDateTime(trade.expiresAt, locale) })}</p>
              {done[trade.id] ? (
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
              )}
            </li>
          ))}
        </ul>
      )}
      {viewer &&
        !holder &&
        (sent ? (
          <p role="status">{m.sent}</p>
        ) : (
          <MakeTradeForm {...forms} userWallet={viewer} onDone={() => setSent(true)} />
        ))}
      <TradeStatusLines status={runner.status} messages={tm} chain={terms.chain} />
    </section>
  );
}
