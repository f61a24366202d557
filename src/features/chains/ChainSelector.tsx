import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { getInjectedProvider, rpcErrorCode } from '~/features/wallet/eip1193';
import { switchWalletChain } from '~/features/wallet/switchChain';
import { NO_METAMASK } from '~/lib/errors';
import { closeAllMenus } from '~/ui/menus/closeMenus';
import { useHeaderMenu } from '~/ui/menus/useHeaderMenu';
import type { ChainKey } from './chainKey';
import type { ChainOption } from './chainOption';
import { $currentChain, initCurrentChain, setCurrentChain } from './store';

export interface ChainSelectorProps {
  chains: readonly ChainOption[];
  labels: Record<ChainKey, string>;
  selectLabel: string;
  /** The home page in the current locale. */
  homePath: string;
  isHome: boolean;
}

/** Wallets answer 4001 when the person declines; that is a choice, not an error to report. */
const USER_REJECTED = 4001;

/** The chain the page was given by the browser (`<html data-current-chain>`, from the URL or the cookie). */
function pageChain(chains: readonly ChainOption[]): ChainKey {
  const key = typeof document === 'undefined' ? undefined : document.documentElement.dataset['currentChain'];
  return chains.find((chain) => chain.key === key)?.key ?? 'ETH';
}

/**
 * Header chain selector (240 px): sets the current chain and its cookie, closes menus, asks the
 * wallet to switch (adding the chain on 4902), and goes home when elsewhere. The page is the same for
 * every visitor, so the button holds every chain's label and the stylesheet shows the one named by
 * `<html data-current-chain>` (set by the bootstrap before anyone interacts).
 * Spec §2 (Chain and account changes).
 */
export default function ChainSelector({ chains, labels, selectLabel, homePath, isHome }: ChainSelectorProps) {
  const chainKey = useStore($currentChain);
  const { open, setOpen, menuId: listId, buttonProps } = useHeaderMenu();
  useEffect(() => {
    initCurrentChain(pageChain(chains));
  }, [chains]);

  async function choose(chain: ChainOption) {
    setCurrentChain(chain.key);
    closeAllMenus();
    setOpen(false);
    const provider = getInjectedProvider(window as { ethereum?: unknown });
    if (!provider) console.log(NO_METAMASK);
    else {
      try {
        await switchWalletChain(provider, chain);
      } catch (error) {
        if (rpcErrorCode(error) !== USER_REJECTED) throw error;
      }
    }
    if (!isHome) window.location.assign(homePath);
  }

  return (
    <div className="relative w-chain-selector">
      <button {...buttonProps} className="btn-ghost w-full justify-between">
        <span className="sr-only">{selectLabel}: </span>
        {chains.map((chain) => (
          <span key={chain.key} data-chain-label={chain.key} className="flex-1 items-center gap-2 text-left">
            <img src={chain.icon} alt="" width="20" height="20" />
            {labels[chain.key]}
          </span>
        ))}
        <span aria-hidden="true">▾</span>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-chain-selector rounded-lg border border-surface-border bg-surface-raised p-1 shadow-xl"
      >
        {chains.map((chain) => (
          <li key={chain.key}>
            <button
              type="button"
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left hover:bg-surface"
              aria-current={chain.key === chainKey ? 'true' : undefined}
              onClick={() => void choose(chain)}
            >
              <img src={chain.icon} alt="" width="20" height="20" />
              {labels[chain.key]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
