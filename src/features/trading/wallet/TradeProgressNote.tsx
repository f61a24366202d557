/** The step a trading act is at (switching, signing, pending with its transaction link, ...). */
import { shortenAddress } from '~/lib/addresses';
import { explorerTxUrl, type TradeActionsProps } from '../parts/tradeModel';
import type { TradeProgress } from './walletTrade';

/** One status line, announced politely to screen readers. */
export function TradeProgressNote({
  progress,
  props,
}: {
  progress: TradeProgress;
  props: Pick<TradeActionsProps, 'messages' | 'chain'>;
}) {
  const m = props.messages;
  if (progress.step === 'pending' || progress.step === 'confirmed' || progress.step === 'owned') {
    const href = explorerTxUrl(props.chain.blockExplorerUrls, progress.hash);
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
