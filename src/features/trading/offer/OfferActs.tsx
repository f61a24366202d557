/**
 * The viewer's acts on the rows of the offers table the page rendered (./OffersTable.astro), put into each row's
 * last cell: the card's owner gets "Accept" on active offers, with what they receive after the platform fee and
 * the royalty spelled out before the wallet opens; an offerer gets "Cancel" on their own, and "You" in the row's
 * "From" cell. Nothing shows until the island knows who is looking (its first render is the server's).
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { interpolate } from '~/features/i18n/format';
import { shortenAddress } from '~/lib/addresses';
import { priceText } from '~/ui/data/priceText';
import { TradeButton } from '../parts/TradeFields';
import type { TradeTerms } from '../terms/tradeTerms';
import type { useTradeRunner } from '../wallet/useTradeRunner';
import { acceptBreakdown, type OfferCard, type OfferMessages, offerRole, type SignedOffer } from './offerModel';
import type { OfferTableRow } from './offerRows';

type RowOffer = OfferTableRow['offer'];

interface Props {
  terms: TradeTerms;
  /** The signed-in visitor's wallet. */
  userWallet: string | null;
  rows: readonly OfferTableRow[];
  m: OfferMessages;
  runner: ReturnType<typeof useTradeRunner>;
  /** The card and its owner on a token page; null on a collection page (nothing to accept there). */
  card: OfferCard | null;
}

/** The acts (see the module comment). */
export function OfferActs({ terms, userWallet, rows, m, runner, card }: Props) {
  const owner = card?.owner ?? null;
  // The offer being accepted, with its signed order (asked for on "Accept") and what accepting it pays out.
  const [confirming, setConfirming] = useState<{
    offer: RowOffer & SignedOffer;
    split: ReturnType<typeof acceptBreakdown>;
  } | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const money = (amount: bigint, code: number) => priceText(amount, code, 6);
  // "You" for the viewer's own offers, the short address for the others'.
  useEffect(() => {
    for (const row of rows) {
      const mine = !!userWallet && row.offer.offerer.toLowerCase() === userWallet.toLowerCase();
      row.from.textContent = mine ? m.you : shortenAddress(row.offer.offerer);
    }
  }, [rows, userWallet, m.you]);

  const review = async (offer: RowOffer, owned: OfferCard) => {
    try {
      const { withSignedOffer } = await import('./signedOffer');
      const signed = await withSignedOffer(offer, owned.tokenId);
      setConfirming({ offer: signed, split: acceptBreakdown(signed.order, terms.feeRecipient) });
    } catch {
      setGone(offer.orderHash);
    }
  };
  const accept = (offer: RowOffer & SignedOffer, owned: OfferCard) =>
    runner.start(async () => {
      const { acceptOfferFlow } = await import('./acceptOfferFlow');
      return async (provider, onProgress) => {
        await acceptOfferFlow(provider, terms, owned, offer, onProgress);
        window.location.reload();
      };
    });
  const cancel = (offer: RowOffer) =>
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

  return rows.map(({ offer, acts }) => {
    const role = offerRole(offer, userWallet, owner);
    const confirm = confirming?.offer.orderHash === offer.orderHash ? confirming : null;
    if (role === 'none') return null;
    return createPortal(
      <>
        {role === 'cancel' && (
          <button type="button" className="underline" disabled={runner.busy} onClick={() => void cancel(offer)}>
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
      </>,
      acts,
      offer.orderHash,
    );
  });
}
