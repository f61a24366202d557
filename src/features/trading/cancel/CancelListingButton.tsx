/** Cancelling on the token page (the seller's own listing): runs ./cancelFlow.ts, then reloads the page. */
import type { TradeListing } from '../parts/tradeCard';
import type { TradeMessages } from '../parts/tradeMessages';
import { TRADE_BUTTON } from '../parts/tradeStyles';
import type { TradeTerms } from '../terms/tradeTerms';
import type { useTradeRunner } from '../wallet/useTradeRunner';

/** The cancel button. */
export function CancelListingButton({
  terms,
  listing,
  messages,
  runner,
}: {
  terms: Pick<TradeTerms, 'chain'>;
  listing: TradeListing | null;
  messages: TradeMessages;
  runner: ReturnType<typeof useTradeRunner>;
}) {
  function onCancel() {
    if (!listing) return;
    void runner.start(async () => {
      const { cancelFlow } = await import('./cancelFlow');
      return async (provider, onProgress) => {
        await cancelFlow(provider, terms, listing, onProgress);
        window.location.reload();
      };
    });
  }
  return (
    <button type="button" className={TRADE_BUTTON} disabled={runner.busy} onClick={onCancel}>
      {messages.cancelListing}
    </button>
  );
}
