import chainWords from 'island-messages:chain';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { addableChain } from '~/features/wallet/addableChain';
import { getInjectedProvider, rpcErrorCode } from '~/features/wallet/eip1193';
import { switchWalletChain } from '~/features/wallet/switchChain';
import { NO_METAMASK } from '~/lib/errors';
import { closeAllMenus } from '~/ui/menus/closeMenus';
import { useHeaderMenu } from '~/ui/menus/useHeaderMenu';
import type { ChainKey } from './chainKey';
import { CHAIN_ICONS } from './chains';
import { $currentChain, initCurrentChain, setCurrentChain } from './store';

/**
 * A chain as the selector gets it; its icon comes from its key (./chains.ts), what a wallet needs to add it is
 * asked for when it is chosen.
 */
export interface ChainChoice {
  key: ChainKey;
  chainId: number;
}

export interface ChainSelectorProps {
  chains: readonly ChainChoice[];
  /** The page's language (the chains' names, `chain.*`, load with the island's code). */
  locale: 'ja' | 'en';
  /** The home page in the current locale. */
  homePath: string;
  isHome: boolean;
}

/** Wallets answer 4001 when the person declines; that is a choice, not an error to report. */
const USER_REJECTED = 4001;

/** The chain the page was given by the browser (`<html data-current-chain>`, from the URL or the cookie). */
function pageChain(chains: readonly ChainChoice[]): ChainKey {
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
export default function ChainSelector({ chains, locale, homePath, isHome }: ChainSelectorProps) {
  const words = chainWords[locale];
  const labels = words as Partial<Record<ChainKey, string>>;
  const selectLabel = words['selector.label'];
  const chainKey = useStore($currentChain);
  const { open, setOpen, menuId: listId, buttonProps } = useHeaderMenu();
  useEffect(() => {
    initCurrentChain(pageChain(chains));
  }, [chains]);

  async function choose(chain: ChainChoice) {
    setCurrentChain(chain.key);
    closeAllMenus();
    setOpen(false);
    const provider = getInjectedProvider(window as { ethereum?: unknown });
    if (!provider) console.log(NO_METAMASK);
    else {
      try {
        await switchWalletChain(provider, await addableChain(chain.chainId));
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
          <span key={chain.key} data-chain-label={chain.key}>
            <img src={CHAIN_ICONS[chain.key]} alt="" width="20" height="20" />
            {labels[chain.key]}
          </span>
        ))}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul
          id={listId}
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
                <img src={CHAIN_ICONS[chain.key]} alt="" width="20" height="20" />
                {labels[chain.key]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
