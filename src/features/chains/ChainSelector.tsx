import chainWords from 'island-messages:chain';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { localizePath } from '~/features/i18n/locales';
import { addableChain } from '~/features/wallet/addableChain';
import { getInjectedProvider, rpcErrorCode } from '~/features/wallet/eip1193';
import { switchWalletChain } from '~/features/wallet/switchChain';
import { NO_METAMASK } from '~/lib/errors';
import { closeAllMenus } from '~/ui/menus/closeMenus';
import { useHeaderMenu } from '~/ui/menus/useHeaderMenu';
import { CHAIN_KEYS, type ChainKey, isChainKey } from './chainKey';
import { CHAIN_ICONS } from './chains';
import { pageChains } from './pageChains';
import { $currentChain, initCurrentChain, setCurrentChain } from './store';

export interface ChainSelectorProps {
  /** The page's language (the chains' names, `chain.*`, load with the island's code; home is this language's). */
  locale: 'ja' | 'en';
}

/** Wallets answer 4001 when the person declines; that is a choice, not an error to report. */
const USER_REJECTED = 4001;

/** The chain the page was given by the browser (`<html data-current-chain>`, from the URL or the cookie). */
function pageChain(): ChainKey {
  const key = typeof document === 'undefined' ? undefined : document.documentElement.dataset['currentChain'];
  return isChainKey(key) ? key : 'ETH';
}

/**
 * Header chain selector (240 px): sets the current chain and its cookie, closes menus, asks the
 * wallet to switch (adding the chain on 4902), and goes home when elsewhere. The page is the same for
 * every visitor, so the button holds every chain's label and the stylesheet shows the one named by
 * `<html data-current-chain>` (set by the bootstrap before anyone interacts). Its only prop is the language: every
 * deployment runs the four networks (`CHAIN_KEYS`), and a chosen chain's id in this deployment is read from the
 * page, which names the chains once (./pageChains.ts).
 * Spec §2 (Chain and account changes).
 */
export default function ChainSelector({ locale }: ChainSelectorProps) {
  const words = chainWords[locale];
  const labels = words as Partial<Record<ChainKey, string>>;
  const selectLabel = words['selector.label'];
  const chainKey = useStore($currentChain);
  const { open, setOpen, menuId: listId, buttonProps } = useHeaderMenu();
  useEffect(() => {
    initCurrentChain(pageChain());
  }, []);

  async function choose(key: ChainKey) {
    setCurrentChain(key);
    closeAllMenus();
    setOpen(false);
    const provider = getInjectedProvider(window as { ethereum?: unknown });
    const chain = pageChains().find((candidate) => candidate.key === key);
    if (!provider) console.log(NO_METAMASK);
    else if (chain) {
      try {
        await switchWalletChain(provider, await addableChain(chain.chainId));
      } catch (error) {
        if (rpcErrorCode(error) !== USER_REJECTED) throw error;
      }
    }
    const homePath = localizePath('/', locale);
    if (window.location.pathname !== homePath) window.location.assign(homePath);
  }

  return (
    <div className="relative w-chain-selector">
      <button {...buttonProps} className="btn-ghost w-full justify-between">
        <span className="sr-only">{selectLabel}: </span>
        {CHAIN_KEYS.map((key) => (
          <span key={key} data-chain-label={key}>
            <img src={CHAIN_ICONS[key]} alt="" />
            {labels[key]}
          </span>
        ))}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={listId} className="menu-panel right-0 w-chain-selector p-1">
          {CHAIN_KEYS.map((key) => (
            <li key={key}>
              <button
                type="button"
                className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left hover:bg-surface"
                aria-current={key === chainKey ? 'true' : undefined}
                onClick={() => void choose(key)}
              >
                <img src={CHAIN_ICONS[key]} alt="" width="20" height="20" />
                {labels[key]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
