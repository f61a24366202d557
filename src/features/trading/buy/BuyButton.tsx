/**
 * Buying on the token page (someone else's listing): runs ./buyFlow.ts, then reloads the page, which now
 * names the buyer as the owner.
 */
import type { TradeActionsProps } from '../parts/tradeModel';
import { TRADE_BUTTON } from '../parts/tradeStyles';
import type { useTradeRunner } from '../wallet/useTradeRunner';

/** The buy button. */
export function BuyButton({ props, runner }: { props: TradeActionsProps; runner: ReturnType<typeof useTradeRunner> }) {
  const { listing } = props;
  function onBuy() {
    if (!listing) return;
    void runner.start(async () => {
      const { buyFlow } = await import('./buyFlow');
      return async (provider, onProgress) => {
        await buyFlow(provider, props, listing, onProgress);
        window.location.reload();
      };
    });
  }
  return (
    <button type="button" className={TRADE_BUTTON} disabled={runner.busy} onClick={onBuy}>
      {props.messages.buy}
    </button>
  );
}
