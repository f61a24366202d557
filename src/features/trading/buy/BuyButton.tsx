/**
 * Buying on the token page (someone else's listing): fetches the listing's signed order
 * (../parts/signedListing.ts), runs ./buyFlow.ts, then reloads the page, which now names the buyer as the owner.
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
      const [{ buyFlow }, { loadSignedListing }] = await Promise.all([
        import('./buyFlow'),
        import('../parts/signedListing'),
      ]);
      return async (provider, onProgress) => {
        const signed = await loadSignedListing(terms.chain.chainId, card, listing.orderHash);
        await buyFlow(provider, terms, card, { ...listing, ...signed }, onProgress);
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
