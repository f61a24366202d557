/**
 * What the two trade forms share (./MakeTradeForm.tsx offers cards, ./CounterTradeForm.tsx counters): the props
 * the trade offers island hands both, and their submit, which runs ./makeTradeFlow.ts with the island's trade
 * runner (the flow, and viem with it, loaded only now), then `onDone`.
 */
import type { TradeMessages } from '../parts/tradeMessages';
import type { TradeTerms } from '../terms/tradeTerms';
import type { useTradeRunner } from '../wallet/useTradeRunner';
import type { MakeTradeInput } from './makeTradeFlow';
import type { TradeOfferMessages } from './tradeView';

/** The props of both trade forms. */
export interface TradeFormProps {
  terms: TradeTerms;
  /** The page's card: asked for by an offer, given by a counter. */
  card: { contractAddress: string; tokenId: string };
  userWallet: string;
  m: TradeOfferMessages;
  tm: TradeMessages;
  runner: ReturnType<typeof useTradeRunner>;
  onDone: () => void;
}

/** Starts the trade offer or counter `input` (see the module comment). */
export function startTradeFlow(
  runner: TradeFormProps['runner'],
  terms: TradeTerms,
  input: MakeTradeInput,
  onDone: () => void,
) {
  void runner.start(async () => {
    const { makeTradeFlow } = await import('./makeTradeFlow');
    return async (provider, onProgress) => {
      await makeTradeFlow(provider, terms, input, onProgress);
      onDone();
    };
  });
}
