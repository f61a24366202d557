/**
 * Buying on the token page (someone else's listing): runs ./buyFlow.ts, then reloads the page, which now
 * names the buyer as the owner.
 */
import { TradeButton } from '../parts/TradeFields';
import type { TradeCard } from '../parts/tradeCard';
import type { TradeMessages } from '../parts/tradeMessages';
import type { useTradeRunner } from '../wallet/useTradeRunner';
import type { BuyTerms } from './buyFlow';

/** The buy button. */
export function BuyButton({
  terms,
  card,
  messages,
  runner,
}: {
  terms: BuyTerms;
  card: Pick<TradeCard, 'contractAddress' | 'tokenId' | 'listing'>;
  messages: TradeMessages;
  runner: ReturnType<typeof useTradeRunner>;
}) {
  const { listing } = card;
  function onBuy() {
    if (!listing) return;
    void runner.start(async () => {
      const { buyFlow } = await import('./buyFlow');
      return async (provider, onProgress) => {
        await buyFlow(provider, terms, card, listing, onProgress);
        window.location.reload();
      };
    });
  }
  return (
    <TradeButton disabled={runner.busy} onClick={onBuy}>
      {messages.buy}
    </TradeButton>
  );
}
