/**
 * Cancelling on the token page (the seller's own listing), then reloading it. A listing restricted to the Kirafuda
 * zone (not a timed auction's: its bidders rely on the chain) is cancelled on Kirafuda at once and for free, and the
 * seller may also cancel it on chain (gas), which ends a fill signed in the last minutes too; the hint says both.
 * An order from before the zone is cancelled on chain only. Flows: ./cancelFlow.ts.
 */
import { useId } from 'react';
import { TradeButton } from '../parts/TradeFields';
import type { TradeCard, TradeListing } from '../parts/tradeCard';
import type { TradeMessages } from '../parts/tradeMessages';
import type { TradeTerms } from '../terms/tradeTerms';
import type { useTradeRunner } from '../wallet/useTradeRunner';

/** The cancel buttons. */
export function CancelListingButton({
  terms,
  card,
  listing,
  messages,
  runner,
}: {
  terms: Pick<TradeTerms, 'chain'>;
  card: Pick<TradeCard, 'contractAddress' | 'tokenId'>;
  listing: TradeListing | null;
  messages: TradeMessages;
  runner: ReturnType<typeof useTradeRunner>;
}) {
  const hintId = useId();
  const gasless = listing !== null && listing.saleType !== 'auction' && listing.viaZone;
  function onChain() {
    if (!listing) return;
    void runner.start(async () => {
      const [{ cancelFlow }, { loadSignedListing }] = await Promise.all([
        import('./cancelFlow'),
        import('../parts/signedListing'),
      ]);
      return async (provider, onProgress) => {
        const signed = await loadSignedListing(terms.chain.chainId, card, listing.orderHash);
        await cancelFlow(provider, terms, { ...listing, ...signed }, onProgress);
        window.location.reload();
      };
    });
  }
  function onKirafuda() {
    if (!listing) return;
    void runner.start(async () => {
      const { cancelOnKirafuda } = await import('./cancelFlow');
      return async () => {
        await cancelOnKirafuda(listing);
        window.location.reload();
      };
    });
  }
  if (!gasless)
    return (
      <TradeButton disabled={runner.busy} onClick={onChain}>
        {messages.cancelListing}
      </TradeButton>
    );
  return (
    <div className="flex flex-col gap-2">
      <TradeButton disabled={runner.busy} onClick={onKirafuda} aria-describedby={hintId} data-cancel="kirafuda">
        {messages.cancelFree}
      </TradeButton>
      <button
        type="button"
        className="text-sm underline underline-offset-2 disabled:opacity-50"
        disabled={runner.busy}
        onClick={onChain}
        aria-describedby={hintId}
        data-cancel="chain"
      >
        {messages.cancelOnChain}
      </button>
      <p id={hintId} className="text-xs text-ink-muted">
        {messages.cancelHint}
      </p>
    </div>
  );
}
