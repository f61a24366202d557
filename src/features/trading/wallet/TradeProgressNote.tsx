/** The step a trading act is at (switching, signing, pending with its transaction link, ...). */
import { shortenAddress } from '~/lib/addresses';
import type { TradeMessages } from '../parts/tradeMessages';
import type { TradeChain } from '../terms/tradeTerms';
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
