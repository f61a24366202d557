/**
 * The offers of a card or a collection, best first: what each is for, the price of one card, who made it and
 * until when. The card's owner gets "Accept" on active offers, with what they receive after the platform fee
 * and the royalty spelled out before the wallet opens; an offerer gets "Cancel" on their own.
 */
import { useState } from 'react';
import { interpolate } from '~/features/i18n/format';
import { shortenAddress } from '~/lib/addresses';
import { formatDateTime } from '~/lib/dates';
import { priceText } from '~/ui/data/priceText';
import { TradeButton } from '../parts/TradeFields';
import type { TradeTerms } from '../terms/tradeTerms';
import type { useTradeRunner } from '../wallet/useTradeRunner';
import { acceptBreakdown, type OfferCard, type OfferItemProps, type OfferMessages, offerRole } from './offerModel';

interface Props {
  terms: TradeTerms;
  /** The signed-in visitor's wallet. */
  userWallet: string | null;
  offers: readonly OfferItemProps[];
  m: OfferMessages;
  runner: ReturnType<typeof useTradeRunner>;
  /** The card and its owner on a token page; null on a collection page (nothing to accept there). */
  card: OfferCard | null;
  locale: string;
}

/** The table (see the module comment). */
export function OffersTable({ terms, userWallet, offers, m, runner, card, locale }: Props) {
  const owner = card?.owner ?? null;
  const [confirming, setConfirming] = useState<string | null>(null);
  const money = (amount: bigint, code: number) => priceText(amount, code, 6);
  if (offers.length === 0) return <p className="text-sm text-ink-muted">{m.none}</p>;

  const accept = (offer: OfferItemProps, owned: OfferCard) =>
    runner.start(async () => {
      const { acceptOfferFlow } = await import('./acceptOfferFlow');
      return async (provider, onProgress) => {
        await acceptOfferFlow(provider, terms, owned, offer, onProgress);
        window.location.reload();
      };
    });
  const cancel = (offer: OfferItemProps) =>
    runner.start(async () => {
      const { cancelOfferFlow } = await import('./cancelOfferFlow');
      return async (provider, onProgress) => {
        await cancelOfferFlow(provider, terms, offer, onProgress);
        window.location.reload();
      };
    });
  const kindText = (offer: OfferItemProps) =>
    offer.kind === 'token'
      ? m.kindToken
      : offer.kind === 'trait' && offer.trait
        ? interpolate(m.kindTrait, { trait: `${offer.trait.type}: ${offer.trait.value}` })
        : m.kindCollection;

  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{m.heading}</caption>
        <thead>
          <tr>
            {[m.price, m.target, m.from, m.expires].map((heading) => (
              <th key={heading} scope="col" className="py-1 pe-3">
                {heading}
              </th>
            ))}
            <th scope="col" className="py-1">
              <span className="sr-only">{m.accept}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => {
            const role = offerRole(offer, userWallet, owner);
            const split = acceptBreakdown(offer.order, terms.feeRecipient);
            return (
              <tr
                key={offer.orderHash}
                data-offer={offer.orderHash}
                className="border-t border-surface-border align-top"
              >
                <td className="py-2 pe-3 font-semibold">
                  {money(BigInt(offer.price), offer.currencyCode)}
                  {!offer.active && <span className="block text-xs font-normal text-ink-muted">{m.inactive}</span>}
                </td>
                <td className="py-2 pe-3">
                  {kindText(offer)}
                  {offer.kind !== 'token' && (
                    <span className="block text-xs text-ink-muted">
                      {interpolate(m.remaining, { count: offer.remaining })}
                    </span>
                  )}
                </td>
                <td className="py-2 pe-3">
                  {offer.offerer.toLowerCase() === userWallet?.toLowerCase() ? m.you : shortenAddress(offer.offerer)}
                </td>
                <td className="py-2 pe-3">
                  <time dateTime={offer.expiresAt}>{formatDateTime(offer.expiresAt, locale)}</time>
                </td>
                <td className="py-2">
                  {role === 'cancel' && (
                    <button
                      type="button"
                      className="underline"
                      disabled={runner.busy}
                      onClick={() => void cancel(offer)}
                    >
                      {m.cancel}
                    </button>
                  )}
                  {role === 'accept' && confirming !== offer.orderHash && (
                    <TradeButton disabled={runner.busy} onClick={() => setConfirming(offer.orderHash)}>
                      {m.accept}
                    </TradeButton>
                  )}
                  {role === 'accept' && card && confirming === offer.orderHash && (
                    <div className="grid gap-2">
                      <p role="status">
                        {interpolate(m.net, {
                          net: money(split.net, offer.currencyCode),
                          price: money(split.price, offer.currencyCode),
                          fee: money(split.fee, offer.currencyCode),
                          royalty: money(split.royalty, offer.currencyCode),
                        })}
                      </p>
                      <div className="flex gap-2">
                        <TradeButton disabled={runner.busy} onClick={() => void accept(offer, card)}>
                          {m.confirmAccept}
                        </TradeButton>
                        <button type="button" className="underline" onClick={() => setConfirming(null)}>
                          {m.back}
                        </button>
                      </div>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
