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
import {
  acceptBreakdown,
  type OfferCard,
  type OfferItemProps,
  type OfferMessages,
  offerRole,
  type SignedOffer,
} from './offerModel';

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
  // The offer being accepted, with its signed order (asked for on "Accept") and what accepting it pays out.
  const [confirming, setConfirming] = useState<{
    offer: OfferItemProps & SignedOffer;
    split: ReturnType<typeof acceptBreakdown>;
  } | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const money = (amount: bigint, code: number) => priceText(amount, code, 6);
  if (offers.length === 0) return <p className="text-sm text-ink-muted">{m.none}</p>;

  const review = async (offer: OfferItemProps, owned: OfferCard) => {
    try {
      const { withSignedOffer } = await import('./signedOffer');
      const signed = await withSignedOffer(offer, owned.tokenId);
      setConfirming({ offer: signed, split: acceptBreakdown(signed.order, terms.feeRecipient) });
    } catch {
      setGone(offer.orderHash);
    }
  };
  const accept = (offer: OfferItemProps & SignedOffer, owned: OfferCard) =>
    runner.start(async () => {
      const { acceptOfferFlow } = await import('./acceptOfferFlow');
      return async (provider, onProgress) => {
        await acceptOfferFlow(provider, terms, owned, offer, onProgress);
        window.location.reload();
      };
    });
  const cancel = (offer: OfferItemProps) =>
    runner.start(async () => {
      const [{ cancelOfferFlow }, { withSignedOffer }] = await Promise.all([
        import('./cancelOfferFlow'),
        import('./signedOffer'),
      ]);
      return async (provider, onProgress) => {
        await cancelOfferFlow(provider, terms, await withSignedOffer(offer), onProgress);
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
            const confirm = confirming?.offer.orderHash === offer.orderHash ? confirming : null;
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
                  {role === 'accept' && card && !confirm && gone !== offer.orderHash && (
                    <TradeButton disabled={runner.busy} onClick={() => void review(offer, card)}>
                      {m.accept}
                    </TradeButton>
                  )}
                  {gone === offer.orderHash && <p role="status">{m.inactive}</p>}
                  {role === 'accept' && card && confirm && (
                    <div className="grid gap-2">
                      <p role="status">
                        {interpolate(m.net, {
                          net: money(confirm.split.net, offer.currencyCode),
                          price: money(confirm.split.price, offer.currencyCode),
                          fee: money(confirm.split.fee, offer.currencyCode),
                          royalty: money(confirm.split.royalty, offer.currencyCode),
                        })}
                      </p>
                      <div className="flex gap-2">
                        <TradeButton disabled={runner.busy} onClick={() => void accept(confirm.offer, card)}>
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
