/**
 * The step a trading act is at (switching, signing, pending with its transaction link, ...), and the runner's
 * whole state as an island shows it under its buttons (`TradeStatusLines`: that step, or why the act failed).
 */
import { shortenAddress } from '~/lib/addresses';
import { FormAlert } from '~/ui/forms/FormAlert';
import type { TradeMessages } from '../parts/tradeMessages';
import type { TradeChain } from '../terms/tradeTerms';
import type { TradeStatus } from './useTradeRunner';
import { explorerTxUrl } from './walletModel';
import type { TradeProgress } from './walletTrade';

/** One status line, announced politely to screen readers (a transaction's links on the chain's explorer). */
export function TradeProgressNote({
  progress,
  messages: m,
  chain,
}: {
  progress: TradeProgress;
  messages: TradeMessages;
  chain: Pick<TradeChain, 'blockExplorerUrls'>;
}) {
  if (progress.step === 'pending' || progress.step === 'confirmed' || progress.step === 'owned') {
    const href = explorerTxUrl(chain.blockExplorerUrls, progress.hash);
    const text =
      progress.step === 'pending'
        ? m.pending
        : progress.step === 'confirmed'
          ? m.confirmed
          : m.owned.replace('{owner}', shortenAddress(progress.owner));
    return (
      <p role="status" className="text-sm">
        {text}{' '}
        {href && (
          <a className="underline" href={href} target="_blank" rel="noopener noreferrer">
            {m.viewTx}
          </a>
        )}
      </p>
    );
  }
  return (
    <p role="status" className="text-sm">
      {m[progress.step]}
    </p>
  );
}

/** The runner's state: the step of an act under way, or why the last act failed (`role="alert"`). */
export function TradeStatusLines({
  status,
  messages,
  chain,
}: {
  status: TradeStatus;
  messages: TradeMessages;
  /** The chain of the act; no step is shown without one. */
  chain: Pick<TradeChain, 'blockExplorerUrls'> | undefined;
}) {
  return (
    <>
      {chain && status.kind === 'busy' && status.progress && (
        <TradeProgressNote progress={status.progress} messages={messages} chain={chain} />
      )}
      <FormAlert text={status.kind === 'error' ? status.text : null} className="text-sm text-danger" />
    </>
  );
}
