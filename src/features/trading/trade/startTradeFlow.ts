/**
 * What the two trade forms do on submit (./MakeTradeForm.tsx offers cards, ./CounterTradeForm.tsx counters):
 * run ./makeTradeFlow.ts with the form's trade runner (the flow, and viem with it, loaded only now), then
 * `onDone`.
 */
import type { TradeTerms } from '../terms/tradeTerms';
import type { useTradeRunner } from '../wallet/useTradeRunner';
import type { MakeTradeInput } from './makeTradeFlow';

/** Starts the trade offer or counter `input` (see the module comment). */
export function startTradeFlow(
  runner: ReturnType<typeof useTradeRunner>,
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
