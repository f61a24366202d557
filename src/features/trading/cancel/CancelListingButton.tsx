/** Cancelling on the token page (the seller's own listing): runs ./cancelFlow.ts, then reloads the page. */
import type { TradeActionsProps } from '../parts/tradeModel';
import { TRADE_BUTTON } from '../parts/tradeStyles';
import type { useTradeRunner } from '../wallet/useTradeRunner';

/** The cancel button. */
export function CancelListingButton({
  props,
  runner,
}: {
  props: TradeActionsProps;
  runner: ReturnType<typeof useTradeRunner>;
}) {
  const { listing } = props;
  function onCancel() {
    if (!listing) return;
    void runner.start(async () => {
      const { cancelFlow } = await import('./cancelFlow');
      return async (provider, onProgress) => {
        await cancelFlow(provider, props, listing, onProgress);
        window.location.reload();
      };
    });
  }
  return (
    <button type="button" className={TRADE_BUTTON} disabled={runner.busy} onClick={onCancel}>
      {props.messages.cancelListing}
    </button>
  );
}
