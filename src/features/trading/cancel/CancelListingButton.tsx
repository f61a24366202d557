/**
 * Cancelling on the token page (the seller's own listing), then reloading it. A listing restricted to the Kirafuda
 * zone (not a timed auction's: its bidders rely on the chain) is cancelled on Kirafuda at once and for free, and the
 * seller may also cancel it on chain (gas), which ends a fill signed in the last minutes too; the hint says both.
 * An order from before the zone is cancelled on chain only. Flows: ./cancelFlow.ts.
 */
import { useId } from 'react';
import { TradeButton } from '../parts/TradeFields';
import type { TradeListing } from '../parts/tradeCard';
import type { TradeMessages } from '../parts/tradeMessages';
import type { TradeTerms } from '../terms/tradeTerms';
import type { useTradeRunner } from '../wallet/useTradeRunner';
import { isZoneOrder } from '../zone/zoneOrder';

/** The cancel buttons. */
export function CancelListingButton({
  terms,
  listing,
  messages,
  runner,
}: {
  terms: Pick<TradeTerms, 'chain' | 'zone'>;
  listing: TradeListing | null;
  messages: TradeMessages;
  runner: ReturnType<typeof useTradeRunner>;
}) {
  const hintId = useId();
  const gasless =
    listing !== null &&
    listing.saleType !== 'auction' &&
    isZoneOrder(listing.order, { contracts: { zone: terms.zone as `0x${string}` } });
  function onChain() {
    if (!listing) return;
    void runner.start(async () => {
      const { cancelFlow } = await import('./cancelFlow');
      return async (provider, onProgress) => {
        await cancelFlow(provider, terms, listing, onProgress);
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
