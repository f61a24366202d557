/**
 * "Cancel all my listings and offers" on the wallet's own items page, one button per chain where they have
 * listings or offers: raises their Seaport counter in the wallet (one transaction for every order on that
 * chain), then the site ends those listings and offers. viem and the flow load only on click.
 *
 * @see ./cancelFlow.ts `cancelAllFlow`, docs/product-spec.md §2 (/user/{address}), issue "Cancel ... all of a seller's listings"
 */
import { useState } from 'react';
import { isUserRejection, mapTransactionError } from '~/lib/errors';
import type { TradeChain } from '../terms/tradeTerms';
import { findProvider } from '../wallet/findProvider';

/** One chain the seller has listings on. */
export interface CancelAllChain {
  chain: TradeChain;
  seaport: string;
  /** Active listings and offers on the chain. */
  listings: number;
}

/** Props of {@link CancelAllListings}. */
export interface CancelAllListingsProps {
  chains: CancelAllChain[];
  sellerAddress: string;
  messages: {
    /** With `{chain}` and `{count}`. */
    button: string;
    walletPrompt: string;
    pending: string;
    noWallet: string;
    connectFirst: string;
    /** The person declined in the wallet. */
    declined: string;
    failed: string;
  };
}

/** The island. */
export default function CancelAllListings({ chains, sellerAddress, messages: m }: CancelAllListingsProps) {
  const [status, setStatus] = useState<{ busy: boolean; text: string | null; error: boolean }>({
    busy: false,
    text: null,
    error: false,
  });

  async function cancelAll(target: CancelAllChain) {
    setStatus({ busy: true, text: null, error: false });
    const provider = await findProvider();
    if (!provider) return setStatus({ busy: false, text: m.noWallet, error: true });
    try {
      const [{ cancelAllFlow }, { WrongAccountError }] = await Promise.all([
        import('./cancelFlow'),
        import('../wallet/walletTrade'),
      ]);
      try {
        await cancelAllFlow(provider, target, sellerAddress, (progress) =>
          setStatus({
            busy: true,
            text: progress.step === 'pending' ? m.pending : m.walletPrompt,
            error: false,
          }),
        );
        window.location.reload();
      } catch (error) {
        const text =
          error instanceof WrongAccountError
            ? m.connectFirst
            : isUserRejection(error)
              ? m.declined
              : mapTransactionError(error);
        setStatus({ busy: false, text, error: true });
      }
    } catch {
      setStatus({ busy: false, text: m.failed, error: true });
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {chains.map((target) => (
          <button
            key={target.chain.chainId}
            type="button"
            className="btn-ghost"
            disabled={status.busy}
            onClick={() => void cancelAll(target)}
          >
            {m.button.replace('{chain}', target.chain.chainName).replace('{count}', String(target.listings))}
          </button>
        ))}
      </div>
      {status.text && (
        <p role={status.error ? 'alert' : 'status'} className="text-sm">
          {status.text}
        </p>
      )}
    </div>
  );
}
