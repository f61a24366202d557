/**
 * Runs one trading act (sell, buy, cancel, a bulk listing) for a trading island: finds the wallet, loads the act's
 * flow (and viem with it) only now, reports its steps, and turns what went wrong into a sentence in the
 * visitor's language.
 */
import { useState } from 'react';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { isUserRejection, mapTransactionError } from '~/lib/errors';
import type { TradeMessages } from '../parts/tradeMessages';
import { findProvider } from './findProvider';
import type { TradeProgress } from './walletTrade';

/** What the island shows about the act that runs or ran last. */
export type TradeStatus =
  | { kind: 'idle' }
  | { kind: 'busy'; progress: TradeProgress | null }
  | { kind: 'error'; text: string };

/** The messages the runner shows itself (the rest are the act's). */
export type TradeRunnerMessages = Pick<
  TradeMessages,
  'noWallet' | 'signRefused' | 'connectFirst' | 'failed' | 'refused' | 'declined'
>;

/** An act: given the wallet and a progress callback, it runs to the end or throws. */
export type TradeAct = (provider: Eip1193Provider, onProgress: (p: TradeProgress) => void) => Promise<void>;

/** The island's state and how its buttons start an act (`load` imports the act's flow module). */
export function useTradeRunner(m: TradeRunnerMessages) {
  const [status, setStatus] = useState<TradeStatus>({ kind: 'idle' });
  const fail = (text: string) => setStatus({ kind: 'error', text });

  async function start(load: () => Promise<TradeAct>): Promise<void> {
    const provider = await findProvider();
    if (!provider) return fail(m.noWallet);
    setStatus({ kind: 'busy', progress: null });
    try {
      const [act, { SignRefusedError, WrongAccountError }] = await Promise.all([load(), import('./walletTrade')]);
      try {
        await act(provider, (progress) => setStatus({ kind: 'busy', progress }));
      } catch (error) {
        if (error instanceof SignRefusedError) {
          const cause = error.cause as { shortMessage?: string; message?: string } | undefined;
          fail(cause?.shortMessage ?? cause?.message ?? m.signRefused);
        } else if (error instanceof WrongAccountError) {
          fail(m.connectFirst);
        } else if (error instanceof RangeError) {
          fail(m.failed);
        } else if (error instanceof Error && error.name === 'ApiError') {
          // The site refused what was sent (an offer it will not take): its reason, after ours.
          fail(`${m.refused} ${error.message}`);
        } else if (isUserRejection(error)) {
          fail(m.declined);
        } else {
          fail(mapTransactionError(error));
        }
      }
    } catch {
      fail(m.failed);
    }
  }

  /** Back to idle, for an island that stays on the page after an act (the cart). */
  const reset = () => setStatus({ kind: 'idle' });

  return { status, busy: status.kind === 'busy', fail, start, reset };
}
